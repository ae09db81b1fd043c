import { Link } from 'react-router';

/** A full-page message for errors and empty places, with a way back; `lead` names what it is about. */
export function StatusPage({
  title,
  lead,
  message,
  children,
}: {
  title: string;
  lead?: string;
  message: string;
  children?: React.ReactNode;
}) {
  return (
    <section className="status-page">
      <h1 className="status-title">{title}</h1>
      {lead && <p className="mt-2 font-semibold text-slate-900">{lead}</p>}
      <p className="mt-3 text-slate-700">{message}</p>
      <div className="status-actions">
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
