import { Link } from 'react-router';
import { catalogueMessages } from '../../../shared/catalogue-messages.ts';
import type { ExamSummary } from '../../../shared/catalogue.ts';
import { ExamGrid } from '../catalogue/components/exam-grid.tsx';
import { LoadFailed } from '../catalogue/components/load-failed.tsx';
import { SearchForm } from '../catalogue/components/search-form.tsx';

const promises = ['10,000+ Certified Professionals', '4.8/5 Average Rating', 'Money-Back Guarantee'];

const features = [
  {
    title: 'Comprehensive Content',
    text: 'Every practice test follows the official exam domains and weights, so your study time goes where the points are.',
  },
  {
    title: 'Realistic Exam Simulation',
    text: 'Timed exam mode mirrors the real thing: a countdown, a question navigator and results only at the end.',
  },
  {
    title: 'Detailed Analytics',
    text: 'Follow your first, best and latest score on every test and see which domains still need work.',
  },
  {
    title: 'Thorough Explanations',
    text: 'Practice mode explains why the right answer is right and why the tempting ones are wrong.',
  },
];

const steps = [
  { title: 'Pick your exam', text: 'Browse the catalogue or search for the certification you are preparing for.' },
  {
    title: 'Try the first test free',
    text: 'Take the first practice test of any exam in demo mode, no account needed.',
  },
  { title: 'Unlock full access', text: 'Buy the exam once to open every practice test for a full year.' },
  {
    title: 'Practise until you pass',
    text: 'Alternate practice mode and timed exam mode, and watch your scores climb.',
  },
];

const testimonials = [
  {
    quote: 'The explanations taught me more than the video course did. I passed the Security+ on my first try.',
    name: 'Priya S.',
    role: 'Security analyst',
  },
  {
    quote: 'Exam mode felt just like test day. By the real exam the clock did not scare me any more.',
    name: 'Marcus L.',
    role: 'Cloud engineer',
  },
  {
    quote: 'Seeing my weak domains at a glance told me exactly what to study in the last week before the PMP.',
    name: 'Elena R.',
    role: 'Project manager',
  },
];

/** The landing page a visitor sees at `/`: what the store offers, featured exams and how it works. */
export default function PublicHome({ exams, failed }: { exams: ExamSummary[]; failed: boolean }) {
  return (
    <>
      <section className="theme-fixed bg-gradient-to-b from-brand-800 to-brand-700 text-white [&_:focus-visible]:outline-white">
        <div className="container-page py-14 sm:py-20">
          <h1 className="max-w-3xl text-3xl font-bold tracking-tight sm:text-5xl">
            Pass your certification exam with practice tests that feel like the real thing
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-100">
            Realistic questions, timed exam simulations and explanations for every answer, for cloud, security,
            networking, project management and more.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a href="#featured-exams" className="btn bg-white text-brand-800 hover:bg-brand-50">
              Start Learning Now
            </a>
            <a href="#how-it-works" className="btn border border-white/70 text-white hover:bg-white/10">
              Watch Demo
            </a>
          </div>
          <ul className="mt-10 grid gap-3 text-sm font-semibold sm:grid-cols-3">
            {promises.map((promise) => (
              <li key={promise} className="rounded-lg bg-white/10 px-4 py-3">
                {promise}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="featured-exams" aria-labelledby="featured-heading" className="container-page scroll-mt-4 py-12">
        <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <h2 id="featured-heading" className="text-2xl font-bold">
            Featured Certification Exams
          </h2>
          <SearchForm id="home-search" />
        </div>
        {failed ? <LoadFailed message={catalogueMessages.loadExamsFailed} /> : <ExamGrid exams={exams} />}
        <p className="mt-8 text-center">
          <Link to="/exams" className="btn-secondary">
            View All Certification Exams
          </Link>
        </p>
      </section>

      <section aria-labelledby="why-heading" className="bg-white py-12">
        <div className="container-page">
          <h2 id="why-heading" className="text-2xl font-bold">
            Why choose PracticePass
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {features.map((feature) => (
              <li key={feature.title} className="rounded-xl border border-slate-200 p-5">
                <h3 className="font-semibold text-slate-900">{feature.title}</h3>
                <p className="mt-2 text-sm text-slate-700">{feature.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="how-it-works" aria-labelledby="how-heading" className="container-page scroll-mt-4 py-12">
        <h2 id="how-heading" className="text-2xl font-bold">
          How it works
        </h2>
        <ol className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-xl bg-white p-5 shadow-sm">
              <span
                aria-hidden="true"
                className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-600 font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-3 font-semibold">{step.title}</h3>
              <p className="mt-1 text-sm text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="testimonials-heading" className="bg-white py-12">
        <div className="container-page">
          <h2 id="testimonials-heading" className="text-2xl font-bold">
            What our students say
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {testimonials.map((t) => (
              <li key={t.name}>
                <figure className="h-full rounded-xl border border-slate-200 p-5">
                  <blockquote className="text-slate-800">“{t.quote}”</blockquote>
                  <figcaption className="mt-4 text-sm text-slate-600">
                    <span className="font-semibold text-slate-900">{t.name}</span>, {t.role}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
