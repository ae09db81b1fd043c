import { Link } from 'react-router';

/** `year` comes from the server, so the page the browser takes over shows the same one (in UTC). */
export function SiteFooter({ year }: { year: number }) {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="container-page flex flex-wrap items-center justify-between gap-4 py-6 text-sm text-slate-600">
        <p>© {year} PracticePass. All rights reserved.</p>
        <nav aria-label="Footer">
          <Link to="/contact" className="font-medium text-brand-700 underline-offset-4 hover:underline">
            Contact
          </Link>
        </nav>
      </div>
    </footer>
  );
}
