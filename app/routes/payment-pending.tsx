import { useEffect } from 'react';
import { redirect, useFetcher, useLocation, useNavigation, useSearchParams } from 'react-router';
import { checkoutMessages } from '../../shared/checkout-messages.ts';
import { Spinner, SpinnerMark } from '../components/ui/spinner.tsx';
import { notTheOwner } from '../lib/payment-owner.server.ts';
import type { Route } from './+types/payment-pending';

export function meta() {
  return [{ title: 'Payment processing | PracticePass' }, { name: 'robots', content: 'noindex' }];
}

const POLL_MS = 3000;

/** Asks the provider again on every load; once the payment settles either way, moves on. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const sessionId = new URL(request.url).searchParams.get('session_id');
  if (!sessionId || sessionId.length > 255) return redirect('/payment-failed?reason=no-session');
  let outcome;
  try {
    outcome = await context.services.checkout.sync(sessionId, context.client.ip);
  } catch (error) {
    // A provider that did not answer this time says nothing about the payment: keep waiting and asking.
    context.log.error({ err: error, sessionId }, 'Payment status unknown');
    return { sessionId };
  }
  const elsewhere = await notTheOwner(context, sessionId, outcome);
  if (elsewhere) return elsewhere;
  if (outcome === 'succeeded') return redirect(`/payment/verify?session_id=${encodeURIComponent(sessionId)}`);
  if (outcome === 'not-found') return redirect('/payment-failed?reason=not-found');
  if (outcome === 'failed') return redirect('/payment-failed?reason=not-completed');
  // Paid, but not as priced: nothing will settle by itself, so the page stops asking.
  if (outcome === 'mismatch') return redirect('/payment-failed?reason=mismatch');
  return { sessionId };
}

/**
 * Asks again POLL_MS after the last answer came back: a slow answer is waited for, not cut short by the
 * next poll (each one asks the payment provider). Only this page's loader is asked, so a poll that fails
 * reaches this page's error boundary, which goes on asking, and not the whole store's error page. No poll
 * starts while the page is being left (a settled payment's redirect): leaving would cut it short.
 */
function usePolling() {
  const { state, load } = useFetcher();
  const navigation = useNavigation();
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (state !== 'idle' || navigation.state !== 'idle') return;
    const timer = setTimeout(() => void load(pathname + search), POLL_MS);
    return () => clearTimeout(timer);
  }, [state, navigation.state, load, pathname, search]);
}

export default function PaymentPending({ loaderData }: Route.ComponentProps) {
  return <Waiting sessionId={loaderData.sessionId} />;
}

/** A poll that failed (the connection dropped, the store restarting) says nothing of the payment: keep asking. */
export function ErrorBoundary() {
  const [params] = useSearchParams();
  return <Waiting sessionId={params.get('session_id') ?? ''} />;
}

function Waiting({ sessionId }: { sessionId: string }) {
  usePolling();
  const navigation = useNavigation();
  const leaving = navigation.state === 'loading' && navigation.location.pathname !== '/payment-pending';

  return (
    <section aria-labelledby="pending-heading" className="container-page max-w-xl py-12">
      <div className="rounded-xl bg-white p-6 shadow-sm" aria-live="polite">
        <h1 id="pending-heading" className="text-2xl font-bold">
          Payment Processing
        </h1>
        {leaving ? (
          <div className="mt-4">
            <Spinner label={checkoutMessages.loadingOrder} />
          </div>
        ) : (
          <>
            {/* The ring says the page is at work, as its words say, between one check and the next. */}
            <div className="mt-3 flex items-start gap-3">
              <SpinnerMark />
              <p className="text-slate-700">
                Your payment is being confirmed. This page checks every few seconds and moves on by itself as soon as it
                settles; your exams unlock then.
              </p>
            </div>
            {/* Without scripts the browser asks again itself, less often than the page would (each time the
                page is read anew from its top), so the words above hold there too. */}
            <noscript>
              <meta httpEquiv="refresh" content="10" />
            </noscript>
            <p className="mt-2 text-sm text-slate-600">You can also leave: we email you when the order is complete.</p>
            <a href={`/payment/verify?session_id=${encodeURIComponent(sessionId)}`} className="btn-secondary mt-5">
              Check again
            </a>
          </>
        )}
      </div>
    </section>
  );
}
