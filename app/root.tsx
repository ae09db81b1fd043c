import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type LinksFunction,
  type ShouldRevalidateFunction,
} from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { SiteFooter } from './components/layout/site-footer.tsx';
import { SiteHeader } from './components/layout/site-header.tsx';
import { NotificationProvider } from './components/ui/notifications.tsx';
import { RightClickGuard } from './components/ui/right-click-guard.tsx';
import { StatusPage } from './components/ui/status-page.tsx';
import { useNonce } from './lib/nonce.tsx';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export function loader({ context }: Route.LoaderArgs) {
  return { origin: context.origin };
}

// The origin never changes while the page is open.
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2952cc" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <NotificationProvider>
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:absolute focus:left-3 focus:top-3 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
          >
            Skip to content
          </a>
          <RightClickGuard />
          <SiteHeader />
          <main id="main" className="flex-1">
            {children}
          </main>
          <SiteFooter />
        </NotificationProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <StatusPage title="Page Not Found" message="We couldn't find the page you're looking for." />;
  }
  if (isRouteErrorResponse(error) && error.status < 500) {
    return <StatusPage title="Something is not right" message={String(error.data ?? error.statusText)} />;
  }
  return <StatusPage title="Something went wrong" message="Please try again in a moment." />;
}
