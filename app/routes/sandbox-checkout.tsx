import { useEffect } from 'react';
import { data, Form, useNavigation } from 'react-router';
import { formatPrice } from '../../shared/money.ts';
import { readForm } from '../lib/form.server.ts';
import type { Route } from './+types/sandbox-checkout';

export function meta() {
  return [{ title: 'Test payment | PracticePass sandbox' }, { name: 'robots', content: 'noindex' }];
}

/**
 * The built-in sandbox provider's hosted payment page. It stands where a card processor's page would:
 * the store only sends the student here and hears back through the return link and the webhook.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = context.services.sandbox ? await context.services.sandbox.page(params.sessionId) : null;
  if (!page) throw data('This payment page does not exist.', 404);
  return { page };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const sandbox = context.services.sandbox;
  if (!sandbox) throw data('This payment page does not exist.', 404);
  const form = await readForm(request);
  if (form.get('intent') === 'cancel') {
    const back = await sandbox.cancel(params.sessionId);
    if (!back) throw data('This payment page does not exist.', 404);
    return Response.redirect(back, 303);
  }
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value.slice(0, 40) : '';
  };
  const paid = await sandbox.pay(params.sessionId, text('card'), { expiry: text('expiry'), cvc: text('cvc') });
  if (!paid.ok) return data({ field: paid.field ?? 'card', error: paid.error }, 400);
  return Response.redirect(paid.redirectTo, 303);
}

function ErrorText({ field, error }: { field: string; error: string | null }) {
  if (!error) return null;
  return (
    <p id={`${field}-error`} role="alert" className="mt-1 text-sm font-medium text-red-800">
      {error}
    </p>
  );
}

/** A field's error, tied to it: its text, and the attributes that say the field is wrong and why. */
function fieldError(actionData: { field: string; error: string } | undefined, field: string, describedBy?: string) {
  const error = actionData?.field === field ? actionData.error : null;
  return {
    error,
    props: {
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${field}-error` : describedBy,
    },
  };
}

const TEST_CARDS = [
  ['4242 4242 4242 4242', 'succeeds'],
  ['4000 0000 0000 0002', 'is declined'],
  ['4000 0000 0000 1257', 'stays pending, then succeeds'],
] as const;

export default function SandboxCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  const busy = useNavigation().state !== 'idle';
  const open = page.state === 'open';
  const card = fieldError(actionData, 'card', 'card-help');
  const expiry = fieldError(actionData, 'expiry');
  const cvc = fieldError(actionData, 'cvc');
  // A refused detail takes the focus, as the card processors' pages do: the student types the fix at once,
  // and a screen reader reads the field with its error.
  useEffect(() => {
    if (actionData?.field) document.getElementById(actionData.field)?.focus();
  }, [actionData]);
  return (
    <section aria-labelledby="sandbox-heading" className="container-page max-w-xl py-10">
      <p className="rounded-lg border-2 border-dashed border-amber-600 bg-amber-50 p-3 text-sm font-semibold text-amber-900">
        Test mode: PracticePass sandbox payments. No real card is charged and no money moves.
      </p>
      <div className="mt-4 rounded-xl bg-white p-6 shadow-sm">
        <h1 id="sandbox-heading" className="text-2xl font-bold">
          Pay {formatPrice(page.totalCents)} {page.currency.toUpperCase()}
        </h1>
        <p className="mt-1 text-sm wrap-anywhere text-slate-600">For {page.email}</p>
        <ul className="mt-4 divide-y divide-slate-100 text-sm">
          {page.lines.map((line, index) => (
            <li key={index} className="flex justify-between gap-3 py-2">
              <span>
                {line.description} × {line.quantity}
              </span>
              <span>{formatPrice(line.amountCents)}</span>
            </li>
          ))}
          {page.discountCents > 0 && (
            <li className="flex justify-between py-2 text-emerald-800">
              <span>Discount</span>
              <span>-{formatPrice(page.discountCents)}</span>
            </li>
          )}
        </ul>

        {open ? (
          <Form method="post" className="mt-5 space-y-4" onSubmit={(e) => busy && e.preventDefault()}>
            <div>
              <label htmlFor="card" className="block text-sm font-medium">
                Card number
              </label>
              <input
                id="card"
                name="card"
                inputMode="numeric"
                autoComplete="cc-number"
                required
                {...card.props}
                className="mt-1 min-h-11 w-full rounded-lg border border-slate-300 px-3 font-mono"
                placeholder="4242 4242 4242 4242"
              />
              <ErrorText field="card" error={card.error} />
            </div>
            <div className="grid grid-cols-2 gap-3">
              <div>
                <label htmlFor="expiry" className="block text-sm font-medium">
                  Expiry (MM / YY)
                </label>
                <input
                  id="expiry"
                  name="expiry"
                  autoComplete="cc-exp"
                  defaultValue="12 / 34"
                  {...expiry.props}
                  className="mt-1 min-h-11 w-full rounded-lg border border-slate-300 px-3"
                />
                <ErrorText field="expiry" error={expiry.error} />
              </div>
              <div>
                <label htmlFor="cvc" className="block text-sm font-medium">
                  CVC
                </label>
                <input
                  id="cvc"
                  name="cvc"
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  defaultValue="123"
                  {...cvc.props}
                  className="mt-1 min-h-11 w-full rounded-lg border border-slate-300 px-3"
                />
                <ErrorText field="cvc" error={cvc.error} />
              </div>
            </div>
            <button
              type="submit"
              name="intent"
              value="pay"
              className="btn-primary w-full"
              aria-disabled={busy || undefined}
            >
              {busy ? 'Processing…' : `Pay ${formatPrice(page.totalCents)}`}
            </button>
            <div id="card-help" className="rounded-lg bg-slate-50 p-3 text-sm">
              <p className="font-medium">Test cards (any expiry to come, any 3-digit CVC)</p>
              <ul className="mt-1 space-y-0.5">
                {TEST_CARDS.map(([number, outcome]) => (
                  <li key={number}>
                    <span className="font-mono">{number}</span> {outcome}
                  </li>
                ))}
              </ul>
            </div>
          </Form>
        ) : (
          <p role="status" className="mt-5 font-medium text-slate-800">
            This payment page is closed.
          </p>
        )}
        <Form method="post" className="mt-4">
          <button
            type="submit"
            name="intent"
            value="cancel"
            className="min-h-11 text-sm font-medium text-brand-700 underline"
          >
            Cancel and return to PracticePass
          </button>
        </Form>
      </div>
    </section>
  );
}
