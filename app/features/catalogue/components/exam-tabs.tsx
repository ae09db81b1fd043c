import { Link } from 'react-router';
import type { ExamDetail } from '../../../../shared/catalogue.ts';
import { Tabs } from './tabs.tsx';
import { formatDate } from '../../../../shared/dates.ts';
import { counted } from '../../../../shared/exam-display.ts';

/** Overview, Curriculum, Practice Tests (once unlocked), Reviews and FAQ of an exam. */
export function ExamTabs({ exam, unlocked }: { exam: ExamDetail; unlocked: boolean }) {
  return (
    <Tabs
      id="exam-information"
      label="Exam information"
      tabs={[
        { id: 'overview', label: 'Overview', content: <Paragraphs text={exam.longDescription ?? exam.description} /> },
        { id: 'curriculum', label: 'Curriculum', content: <Curriculum curriculum={exam.curriculum} /> },
        ...(unlocked ? [{ id: 'practice-tests', label: 'Practice Tests', content: <TestList exam={exam} /> }] : []),
        { id: 'reviews', label: 'Reviews', content: <Reviews reviews={exam.reviews} /> },
        { id: 'faq', label: 'FAQ', content: <Faq faq={exam.faq} /> },
      ]}
    />
  );
}

function TestList({ exam }: { exam: ExamDetail }) {
  return (
    <ul className="max-w-3xl space-y-2">
      {exam.practiceTests.map((test) => (
        <li
          key={test.id}
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3"
        >
          <span className="font-medium">{test.displayName ?? test.title}</span>
          <span className="text-sm text-slate-700">
            {counted(test.questionCount, 'question')} · {counted(test.timeLimitMinutes, 'minute')}
          </span>
          <Link
            to={`/practice-test/${test.id}`}
            className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            Start
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Paragraphs({ text }: { text: string }) {
  return (
    <div className="max-w-3xl space-y-4 text-slate-800">
      {text
        .split(/\n\s*\n/)
        .filter((p) => p.trim())
        .map((paragraph, i) => (
          <p key={i}>{paragraph.trim()}</p>
        ))}
    </div>
  );
}

function Curriculum({ curriculum }: { curriculum: ExamDetail['curriculum'] }) {
  if (!curriculum) return <p className="text-slate-700">The curriculum for this exam is coming soon.</p>;
  if (typeof curriculum === 'string') return <Paragraphs text={curriculum} />;
  return (
    <ol className="max-w-3xl space-y-6">
      {curriculum.map((section) => (
        <li key={section.title}>
          <h2 className="font-semibold text-slate-900">{section.title}</h2>
          <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-800">
            {section.topics.map((topic) => (
              <li key={topic}>{topic}</li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

function Reviews({ reviews }: { reviews: ExamDetail['reviews'] }) {
  if (reviews.length === 0) return <p className="text-slate-700">No reviews yet.</p>;
  const average = reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length;
  return (
    <div className="max-w-3xl">
      <p className="font-semibold">
        {average.toFixed(1)} out of 5 from {counted(reviews.length, 'review')}
      </p>
      <ul className="mt-4 space-y-4">
        {reviews.map((review) => (
          <li key={`${review.user}-${review.date}`} className="rounded-lg border border-slate-200 bg-white p-4">
            <p className="flex flex-wrap items-center gap-x-3 text-sm">
              <span className="font-semibold text-slate-900">{review.user}</span>
              <Stars rating={review.rating} />
              <time dateTime={review.date} className="text-slate-600">
                {formatDate(`${review.date}T00:00:00Z`, 'long')}
              </time>
            </p>
            <p className="mt-2 text-slate-800">{review.comment}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`Rated ${rating} out of 5`} className="text-amber-700">
      {'★'.repeat(rating)}
      <span className="text-slate-300">{'★'.repeat(5 - rating)}</span>
    </span>
  );
}

function Faq({ faq }: { faq: ExamDetail['faq'] }) {
  if (faq.length === 0) return <p className="text-slate-700">No questions yet.</p>;
  return (
    <div className="max-w-3xl space-y-3">
      {faq.map((item) => (
        <details key={item.question} className="rounded-lg border border-slate-200 bg-white p-4">
          <summary className="cursor-pointer font-semibold text-slate-900">{item.question}</summary>
          <p className="mt-2 text-slate-800">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
