import { useEffect } from 'react';
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type LinksFunction,
} from 'react-router';
import type { Route } from './+types/root';
import { PageAnnouncer } from './components/layout/page-announcer.tsx';
import { SiteFooter } from './components/layout/site-footer.tsx';
import { SiteHeader } from './components/layout/site-header.tsx';
import { NoScriptNotice, NotificationProvider, useNotify } from './components/ui/notifications.tsx';
import { RightClickGuard } from './components/ui/right-click-guard.tsx';
import { StatusPage } from './components/ui/status-page.tsx';
import { CartProvider } from './features/cart/cart-context.tsx';
import { takeFlash, type Flash } from './lib/flash.server.ts';
import { InlineStylesheet, useWholeStylesheet } from './lib/inline-style.tsx';
import { useNonce } from './lib/nonce.tsx';
import { useHeadScript } from './lib/head-script.tsx';
import { timeZoneOf } from './lib/time-zone.ts';
import { nameInitials } from '../shared/exam-display.ts';

const NO_EXAMS: string[] = [];

export const links: LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.user
    ? { name: context.user.name, initials: nameInitials(context.user.name) || '?', timeZone: timeZoneOf(request) }
    : null;
  const waiting = await takeFlash(request, context);
  // A signed-in student's cart and owned exams arrive with the page; an anonymous cart lives in the browser.
  const { cart, owned } = context.user
    ? await context.services.cart.viewWithOwned(context.user.id)
    : { cart: null, owned: [] };
  return data(
    { origin: context.origin, user, flash: waiting?.flash ?? null, cart, owned, year: new Date().getUTCFullYear() },
    waiting ? { headers: { 'Set-Cookie': waiting.clear } } : undefined,
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const headScript = useHeadScript();
  const root = useRouteLoaderData<typeof loader>('root');
  useWholeStylesheet();
  return (
    // The head script sets data-theme before React starts, so the attribute is not React's to compare; the
    // script itself arrives with the server's page only, and the browser keeps it as it is.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: headScript }} />
        <meta name="theme-color" content="#2952cc" />
        <Meta />
        <InlineStylesheet />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <NotificationProvider>
          <a href="#main" className="skip-link">
            Skip to content
          </a>
          <RightClickGuard />
          <CartProvider signedIn={Boolean(root?.user)} serverCart={root?.cart ?? null} owned={root?.owned ?? NO_EXAMS}>
            <SiteHeader user={root?.user ?? null} />
            <FlashNotice flash={root?.flash ?? null} />
            <main id="main" className="flex-1 focus:outline-none">
              {children}
            </main>
            <SiteFooter year={root?.year ?? new Date().getUTCFullYear()} />
          </CartProvider>
          <PageAnnouncer />
        </NotificationProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * Shows the message a redirect left for this page ('Login successful', 'Logged out successfully'): as a
 * notification, or in the page when the browser runs no scripts.
 */
function FlashNotice({ flash }: { flash: Flash | null }) {
  const notify = useNotify();
  useEffect(() => {
    if (flash) notify(flash.type, flash.message);
  }, [flash, notify]);
  return flash ? <NoScriptNotice type={flash.type} message={flash.message} /> : null;
}

export default function App() {
  return <Outlet />;
}

/** What the root boundary says about an error, in its heading and in the page title. */
function errorText(error: unknown): { title: string; message: string } {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return { title: 'Page Not Found', message: "We couldn't find the page you're looking for." };
  }
  if (isRouteErrorResponse(error) && error.status === 405) {
    // React Router's own text here names the route module: the visitor gets a plain sentence.
    return { title: 'Something is not right', message: 'This page does not accept that request.' };
  }
  if (isRouteErrorResponse(error) && error.status < 500) {
    return { title: 'Something is not right', message: String(error.data ?? error.statusText) };
  }
  return { title: 'Something went wrong', message: 'Please try again in a moment.' };
}

/** An error shown by the root boundary has no route below it to name the page. */
export function meta({ error }: Route.MetaArgs) {
  return error ? [{ title: `${errorText(error).title} | PracticePass` }, { name: 'robots', content: 'noindex' }] : [];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { title, message } = errorText(error);
  return <StatusPage title={title} message={message} />;
}
