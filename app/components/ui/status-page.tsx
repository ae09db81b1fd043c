import { Link } from 'react-router';

/** A full-page message for errors and empty places, with a way back. */
export function StatusPage({
  title,
  message,
  children,
}: {
  title: string;
  message: string;
  children?: React.ReactNode;
}) {
  return (
    <section className="container-page py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-700">{message}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {children ?? (
          <>
            <Link to="/" className="btn-primary">
              Return to Home
            </Link>
            <Link to="/exams" className="btn-secondary">
              Browse exams
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
