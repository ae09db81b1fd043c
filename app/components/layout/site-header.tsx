import { Link, NavLink, useLocation } from 'react-router';
import { formatPrice } from '../../../shared/money.ts';
import { useCart } from '../../features/cart/cart-context.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { UserMenu } from './user-menu.tsx';

const navLink = ({ isActive }: { isActive: boolean }) =>
  `nav-link ${isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100'}`;

/**
 * Signed out: Explore, Login, Register and the cart. Signed in: the student's pages and their menu. The cart
 * shows its count (when above 0) and, from 640 px, its total (always in its name). On a phone the site's
 * name, the cart, the menu and the theme share the first row and the page links take the second; from 768 px
 * everything is one row.
 */
export function SiteHeader({ user }: { user: { name: string; initials: string } | null }) {
  const { cart } = useCart();
  const cartCount = cart.count;
  const cartTotalCents = cart.totalCents;
  // The dashboard is both `/` and `/dashboard` (where signing in lands): its link is current on either.
  const { pathname } = useLocation();
  const onDashboard = pathname === '/' || pathname === '/dashboard';
  return (
    <header className="site-head">
      <div className="site-bar">
        <Link to="/" className="site-name">
          PracticePass
        </Link>
        <nav aria-label="Main" className="site-nav">
          {user ? (
            <>
              <Link
                to="/"
                aria-current={onDashboard ? 'page' : undefined}
                className={navLink({ isActive: onDashboard })}
              >
                Dashboard
              </Link>
              <NavLink to="/purchased" className={navLink}>
                My Exams
              </NavLink>
              <NavLink to="/history" className={navLink}>
                My History
              </NavLink>
              <NavLink to="/exams" className={navLink}>
                Explore
              </NavLink>
            </>
          ) : (
            <>
              <NavLink to="/exams" className={navLink}>
                Explore
              </NavLink>
              <NavLink to="/login" className={navLink}>
                Login
              </NavLink>
              <NavLink to="/register" className={navLink}>
                Register
              </NavLink>
            </>
          )}
        </nav>
        <div className="site-tools">
          <Link to="/cart" className="cart-link">
            <CartIcon />
            <span className="sr-only">
              Cart, {cartCount} {cartCount === 1 ? 'item' : 'items'},
            </span>
            {/* Below 640 px the total is only heard: shown, it would push the cart, menu and theme to a row of their own. */}
            <span className="max-sm:sr-only">{formatPrice(cartTotalCents)}</span>
            {cartCount > 0 && (
              <span aria-hidden="true" className="cart-count text-white">
                {cartCount}
              </span>
            )}
          </Link>
          {user && <UserMenu name={user.name} initials={user.initials} />}
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}

function CartIcon() {
  return (
    <svg
      aria-hidden="true"
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="18" cy="20" r="1.5" />
      <path
        d="M2 3h3l2.6 12.1a2 2 0 0 0 2 1.6h8.2a2 2 0 0 0 2-1.5L22 7H6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
