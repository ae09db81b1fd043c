import { Link } from 'react-router';

/** The line above a page's heading that leads back to where it belongs (an exam, its practice tests). */
export function BackLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <p className="text-sm">
      <Link to={to} className="quiet-link">
        {children}
      </Link>
    </p>
  );
}
