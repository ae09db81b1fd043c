import { Link } from 'react-router';
import { Fact } from '../../../components/ui/fact.tsx';
import type { ExamSummary } from '../../../../shared/catalogue.ts';
import { examFacts } from '../../../../shared/exam-display.ts';
import { useCart } from '../../cart/cart-context.tsx';
import { CartToggle } from '../../cart/components/cart-toggle.tsx';
import { ExamThumbnail } from './exam-thumbnail.tsx';

/** An exam in a grid: picture, title, facts and price, with its details and demo links. */
export function ExamCard({
  exam,
  priority = false,
  headingLevel = 3,
}: {
  exam: ExamSummary;
  priority?: boolean;
  /** The level below the section the grid stands in, so the outline has no gaps. */
  headingLevel?: 2 | 3;
}) {
  const facts = examFacts(exam);
  const owned = useCart().owned.includes(exam.id);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <ExamThumbnail title={exam.title} category={exam.category} thumbnail={exam.thumbnail} priority={priority} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <p className="text-xs font-semibold uppercase tracking-wide wrap-anywhere text-brand-700">{facts.category}</p>
        <Heading className="text-lg font-semibold leading-snug wrap-anywhere text-slate-900">{exam.title}</Heading>
        <dl className="grid grid-cols-3 gap-2 text-sm">
          <Fact label="Duration" value={facts.duration} />
          <Fact label="Questions" value={facts.questionCount} />
          <Fact label="Difficulty" value={facts.difficulty} />
        </dl>
        <p className="mt-auto text-xl font-bold text-slate-900">
          <span className="sr-only">Price: </span>
          {facts.price}
        </p>
        <div className="flex flex-wrap gap-2">
          <Link to={`/exams/${exam.id}`} className="btn-primary flex-1" aria-label={`View Details: ${exam.title}`}>
            View Details
          </Link>
          <Link to={`/demo/${exam.id}`} className="btn-secondary flex-1" aria-label={`Try Demo: ${exam.title}`}>
            Try Demo
          </Link>
        </div>
        {owned ? (
          <div className="flex flex-wrap items-center gap-2">
            <span className="rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-900">
              Purchased
            </span>
            <Link
              to={`/exam/${exam.id}/practice-tests`}
              className="btn-secondary flex-1"
              aria-label={`Practice Tests: ${exam.title}`}
            >
              Practice Tests
            </Link>
          </div>
        ) : (
          <CartToggle exam={exam} className="btn-secondary w-full" />
        )}
      </div>
    </article>
  );
}
