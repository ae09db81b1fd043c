import { Link } from 'react-router';

/** `year` comes from the server, so the page the browser takes over shows the same one (in UTC). */
export function SiteFooter({ year }: { year: number }) {
  return (
    <footer className="site-footer">
      <div className="site-foot">
        <p>© {year} PracticePass. All rights reserved.</p>
        <nav aria-label="Footer">
          <Link to="/contact" className="quiet-link">
            Contact
          </Link>
        </nav>
      </div>
    </footer>
  );
}
