import { Link } from 'react-router';

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="container-page flex flex-wrap items-center justify-between gap-4 py-6 text-sm text-slate-600">
        <p>© {new Date().getFullYear()} PracticePass. All rights reserved.</p>
        <nav aria-label="Footer">
          <Link to="/contact" className="font-medium text-brand-700 underline-offset-4 hover:underline">
            Contact
          </Link>
        </nav>
      </div>
    </footer>
  );
}
