import { Link } from 'react-router';

/**
 * The signed-in home. Attempts and purchases arrive with the test engine and checkout; until then every
 * student's dashboard is truthfully empty.
 */
export function Dashboard({ name }: { name: string }) {
  return (
    <section aria-labelledby="dashboard-heading" className="container-page py-10">
      <h1 id="dashboard-heading" className="text-3xl font-bold">
        Welcome, {name}
      </h1>
      <dl className="mt-6 grid max-w-md grid-cols-2 gap-4">
        <div className="rounded-xl bg-white p-4 shadow-sm">
          <dt className="text-sm text-slate-600">Tests Completed</dt>
          <dd className="text-2xl font-bold">0</dd>
        </div>
        <div className="rounded-xl bg-white p-4 shadow-sm">
          <dt className="text-sm text-slate-600">Purchased Exams</dt>
          <dd className="text-2xl font-bold">0</dd>
        </div>
      </dl>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <EmptyState
          title="No Exams Purchased Yet"
          text="Browse the catalogue and try the first practice test of any exam for free."
        >
          <Link to="/exams" className="btn-primary">
            Explore exams
          </Link>
        </EmptyState>
        <EmptyState title="No Tests Taken Yet" text="Your three latest attempts will show here.">
          <Link to="/history" className="btn-secondary">
            My History
          </Link>
        </EmptyState>
      </div>
    </section>
  );
}

export function EmptyState({ title, text, children }: { title: string; text: string; children?: React.ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mt-1 text-slate-700">{text}</p>
      {children && <div className="mt-4 flex flex-wrap gap-3">{children}</div>}
    </div>
  );
}
