import { NoScriptNotice } from '../components/ui/notifications.tsx';
import { data, isRouteErrorResponse, Link } from 'react-router';
import { Fact } from '../components/ui/fact.tsx';
import { counted, examFacts } from '../../shared/exam-display.ts';
import { isCatalogueId } from '../../shared/ids.ts';
import { catalogueMessages } from '../../shared/catalogue-messages.ts';
import { StatusPage } from '../components/ui/status-page.tsx';
import { LockedActions } from '../features/cart/components/locked-actions.tsx';
import { ExamTabs } from '../features/catalogue/components/exam-tabs.tsx';
import { ExamThumbnail } from '../features/catalogue/components/exam-thumbnail.tsx';
import { ProgressRing } from '../features/catalogue/components/progress-ring.tsx';
import { originOf, pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/exam-details';

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = isCatalogueId(params.examId)
    ? await context.services.practice.examProgress(params.examId, context.user)
    : null;
  if (!page) throw data(catalogueMessages.examNotInDatabase(params.examId.slice(0, 80)), { status: 404 });
  return {
    exam: page.exam,
    heroThumbnail: await context.services.catalogue.inlineThumbnail(page.exam.thumbnail),
    unlocked: page.access !== null,
    courseProgress: page.courseProgress,
    signedIn: context.user !== null,
  };
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  if (!loaderData) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return [
      {
        title: `${notFound ? catalogueMessages.examNotFoundTitle : catalogueMessages.examLoadErrorTitle} | PracticePass`,
      },
    ];
  }
  const { exam } = loaderData;
  const origin = originOf(matches);
  const url = `${origin}/exams/${exam.id}`;
  return [
    ...pageMeta({
      title: `${exam.title} Practice Tests`,
      description: exam.description,
      path: `/exams/${exam.id}`,
      origin,
    }),
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'Course',
        name: `${exam.title} Practice Tests`,
        description: exam.description,
        url,
        provider: { '@type': 'Organization', name: 'PracticePass', url: origin || undefined },
        // Taken online, at one's own pace: its workload is the time of its practice tests in exam mode.
        hasCourseInstance: {
          '@type': 'CourseInstance',
          courseMode: 'Online',
          courseWorkload: `PT${exam.practiceTests.reduce((sum, test) => sum + test.timeLimitMinutes, 0)}M`,
        },
        offers: {
          '@type': 'Offer',
          category: 'Paid',
          price: (exam.priceCents / 100).toFixed(2),
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
          url,
        },
        ...(exam.reviews.length > 0 && {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: (exam.reviews.reduce((s, r) => s + r.rating, 0) / exam.reviews.length).toFixed(1),
            reviewCount: exam.reviews.length,
          },
        }),
      },
    },
  ];
}

export default function ExamDetails({ loaderData }: Route.ComponentProps) {
  const { exam, heroThumbnail, unlocked, courseProgress, signedIn } = loaderData;
  const questions = exam.practiceTests.reduce((sum, test) => sum + test.questionCount, 0);
  const facts = examFacts(exam);
  return (
    <article className="container-page py-10">
      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <ExamThumbnail
          title={exam.title}
          category={exam.category}
          thumbnail={heroThumbnail}
          priority
          className="rounded-xl"
        />
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide wrap-anywhere text-brand-700">{facts.category}</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight wrap-anywhere">{exam.title}</h1>
          <p className="mt-3 wrap-anywhere text-slate-700">{exam.description}</p>
          <dl className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4">
            <Fact boxed label="Duration" value={facts.duration} />
            <Fact boxed label="Questions" value={facts.questionCount} />
            <Fact boxed label="Difficulty" value={facts.difficulty} />
            <Fact boxed label="Price" value={facts.price} />
          </dl>
          {/* The figures above are the real exam's; what is bought here is counted apart. */}
          <p className="mt-3 text-sm text-slate-600">
            Duration and questions are those of the real exam. This course:{' '}
            <span className="whitespace-nowrap">{counted(exam.practiceTests.length, 'practice test')}</span>,{' '}
            <span className="whitespace-nowrap">{counted(questions, 'question')}</span>.
          </p>
          <div className="mt-6 flex flex-wrap items-center gap-6">
            <ProgressRing percent={courseProgress} />
            {unlocked ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-900">
                Unlocked
              </span>
            ) : (
              <span className="inline-flex items-center gap-1 rounded-full bg-slate-200 px-3 py-1 text-sm font-semibold text-slate-800">
                <LockIcon /> Locked
              </span>
            )}
          </div>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to={`/exam/${exam.id}/practice-tests`} className="btn-primary">
              {unlocked ? `View Practice Tests (${exam.practiceTestCount})` : 'Try Demo'}
            </Link>
            {!unlocked && <LockedActions exam={exam} signedIn={signedIn} />}
          </div>
          {!unlocked && (
            <NoScriptNotice
              type="warning"
              className="mt-4"
              message="Adding an exam to the cart needs JavaScript, which is off in this browser."
            />
          )}
        </div>
      </div>
      <ExamTabs exam={exam} unlocked={unlocked} />
    </article>
  );
}

function LockIcon() {
  return (
    <svg
      aria-hidden="true"
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
    >
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <StatusPage title={catalogueMessages.examNotFoundTitle} message={catalogueMessages.examNotFoundBody}>
        <>
          <p className="w-full text-sm text-slate-600">{String(error.data)}</p>
          <Link to="/exams" className="btn-primary">
            Browse exams
          </Link>
        </>
      </StatusPage>
    );
  }
  // The server hides the cause of unexpected errors, so the spec's default message is what shows.
  return <StatusPage title={catalogueMessages.examLoadErrorTitle} message={catalogueMessages.examLoadErrorDefault} />;
}
