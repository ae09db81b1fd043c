import { NoScriptNotice } from '../components/ui/notifications.tsx';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useFetcher, useRouteLoaderData } from 'react-router';
import { couponMessages } from '../../shared/coupon-messages.ts';
import { couponEntryProblem, normaliseCouponCode } from '../../shared/coupon-rules.ts';
import { formatPrice } from '../../shared/money.ts';
import { forgetAppliedCoupon, saveAppliedCoupon, useKeptCoupon } from '../features/cart/applied-coupon.ts';
import { useCart } from '../features/cart/cart-context.tsx';
import { CartLineItem, removeButtonId } from '../features/cart/components/cart-line-item.tsx';
import { useFocusAfterUpdate } from '../features/cart/use-focus-after-update.ts';
import type { Route } from './+types/cart';

/** A signed-in student's payments still being confirmed: the cart says so before they pay again. */
export async function loader({ context }: Route.LoaderArgs) {
  return { settling: context.user ? await context.services.checkout.settling(context.user.id) : [] };
}

export function meta() {
  return [{ title: 'Cart | PracticePass' }, { name: 'robots', content: 'noindex' }];
}

interface CouponMessage {
  ok: boolean;
  text: string;
  /** A refusal of the code typed in the field: the field is marked invalid and described by it. */
  aboutCode?: boolean;
  key: number;
}

interface Applied {
  code: string;
  /** The saving the server confirmed, or null when it gave no verdict (checkout checks the coupon again). */
  discountCents: number | null;
  /** The cart (lines and quantities) the verdict is for. */
  itemsKey: string;
}

export default function Cart({ loaderData }: Route.ComponentProps) {
  const { cart, loading, remove, setQuantity, clear, checkCoupon } = useCart();
  const signedIn = Boolean(useRouteLoaderData<{ user: unknown }>('root')?.user);
  const [code, setCode] = useState('');
  const [appliedHere, setApplied] = useState<Applied | null>(null);
  // Until the page has a verdict of its own, the coupon the browser kept counts as applied, with none: from
  // the first moment the page takes a press, payment sends it and waits for its check, rather than paying
  // full price before the check answers.
  const kept = useKeptCoupon();
  const applied = appliedHere ?? (kept ? { code: kept, discountCents: null, itemsKey: '' } : null);
  const [message, setMessage] = useState<CouponMessage | null>(null);
  // Each message is a new element (a new key), so the same words after another try are read out again.
  const say = useCallback(
    (next: Omit<CouponMessage, 'key'> | null) => setMessage((last) => next && { ...next, key: (last?.key ?? 0) + 1 }),
    [],
  );
  const checkout = useFetcher<{ error?: string }>();
  const paying = checkout.state !== 'idle';
  // A button that goes away with what it did hands focus on: to the next line's Remove, the previous one's,
  // the empty cart's message or the heading; to the coupon field; to the summary.
  const heading = useRef<HTMLHeadingElement>(null);
  const emptyMessage = useRef<HTMLParagraphElement>(null);
  const summaryHeading = useRef<HTMLHeadingElement>(null);
  const couponField = useRef<HTMLInputElement>(null);
  const couponMessage = useRef<HTMLParagraphElement>(null);
  const focusAfterUpdate = useFocusAfterUpdate();

  // The applied coupon is checked again for every new cart (and a coupon applied in the last 24 hours comes
  // back, checked against today's cart). Until the verdict comes, no discount or total is drawn; then the
  // message says the new saving, or why the coupon no longer applies.
  const itemsKey = cart.items.map((i) => `${i.examId}:${i.quantity}`).join(',');
  const checking = applied !== null && applied.itemsKey !== itemsKey;
  useEffect(() => {
    const code = applied?.code;
    if (!code || cart.items.length === 0 || applied?.itemsKey === itemsKey) return;
    let latest = true;
    void checkCoupon(code, false).then((result) => {
      if (!latest) return; // the cart changed again: only the newest cart's verdict counts
      if (!result) {
        // No verdict came back: the coupon stays applied, with no saving drawn, and payment waits until it can
        // be checked (the spec disables the button for a coupon applied without its details).
        setApplied({ code, discountCents: null, itemsKey });
        say({ ok: false, text: couponMessages.validateFailed });
      } else if (result.ok) {
        setApplied({ code, discountCents: result.discountCents, itemsKey });
        say({ ok: true, text: result.message });
      } else {
        forgetAppliedCoupon();
        setApplied(null);
        say({ ok: false, text: result.message });
      }
    });
    return () => {
      latest = false;
    };
  }, [itemsKey, applied?.itemsKey, applied?.code, checkCoupon, cart.items.length, say]);

  // Payment refused over the coupon (another student took its last use since it was applied): it is checked
  // again, and dropped with the reason if it no longer applies, so the next press can pay.
  const answer = checkout.state === 'idle' ? checkout.data : undefined;
  const [recheckedFor, setRecheckedFor] = useState(answer);
  if (answer !== recheckedFor) {
    setRecheckedFor(answer);
    const refusal = answer?.error;
    if (applied && refusal && Object.values(couponMessages).includes(refusal as never))
      setApplied({ ...applied, itemsKey: '' });
  }

  async function apply(event: FormEvent) {
    event.preventDefault();
    const problem = couponEntryProblem({
      code,
      itemCount: cart.items.length,
      totalCents: cart.totalCents,
      applied: applied !== null,
    });
    if (problem) {
      say({ ok: false, text: problem, aboutCode: true });
      focusCodeAndReason();
      return;
    }
    const result = await checkCoupon(code, false);
    if (!result) {
      // No verdict on the code: the message says so, and takes focus.
      say({ ok: false, text: couponMessages.applyFailed });
      focusAfterUpdate(() => couponMessage.current);
      return;
    }
    say({ ok: result.ok, text: result.message, aboutCode: !result.ok });
    if (result.ok) {
      const normalised = normaliseCouponCode(code);
      saveAppliedCoupon(normalised);
      setApplied({ code: normalised, discountCents: result.discountCents, itemsKey });
      setCode('');
    } else {
      focusCodeAndReason();
    }
  }

  /** Focus on the code to mend, and its reason below it in sight: on a phone the field can sit at the screen's foot. */
  function focusCodeAndReason() {
    focusAfterUpdate(() => {
      couponMessage.current?.scrollIntoView({ block: 'nearest' });
      return couponField.current;
    });
  }

  function removeCoupon() {
    forgetAppliedCoupon();
    setApplied(null);
    say(null);
    couponField.current?.focus();
  }

  async function removeLine(index: number) {
    const item = cart.items[index]!;
    const neighbours = [cart.items[index + 1], cart.items[index - 1]].flatMap((i) => (i ? [i.examId] : []));
    if (!(await remove({ id: item.examId, title: item.title }))) return;
    focusAfterUpdate(
      () =>
        neighbours.map((id) => document.getElementById(removeButtonId(id))).find(Boolean) ??
        emptyMessage.current ??
        heading.current,
    );
  }

  async function clearCart() {
    if (await clear()) focusAfterUpdate(() => emptyMessage.current ?? heading.current);
  }

  const discount = checking ? 0 : (applied?.discountCents ?? 0);
  const unchecked = !checking && applied?.discountCents === null;
  return (
    <section aria-labelledby="cart-heading" className="container-page py-10">
      <h1 id="cart-heading" ref={heading} tabIndex={-1} className="text-3xl font-bold">
        Cart
      </h1>
      <NoScriptNotice
        type="warning"
        className="mt-4"
        message={
          signedIn
            ? 'Changing your cart or applying a coupon needs JavaScript, which is off in this browser. You can still pay for the cart as it is.'
            : 'Your cart is kept by this browser and needs JavaScript, which is off in this browser: turn it on to see your cart and pay.'
        }
      />
      {loaderData.settling.map((payment) => (
        <p key={payment.sessionId} className="mt-4 rounded-lg bg-amber-50 p-4 text-amber-900">
          {payment.message}{' '}
          <Link
            to={`/payment-pending?session_id=${encodeURIComponent(payment.sessionId)}`}
            className="font-medium underline underline-offset-4"
          >
            See the payment’s status
          </Link>
        </p>
      ))}
      {cart.items.length === 0 ? (
        // A visitor's cart is in their browser: until the page has read it, it is not said to be empty. The
        // link is there all along, hidden, so the page's own style rules cover it (decision 0011).
        <div className="mt-6 rounded-xl bg-white p-6 text-center shadow-sm">
          <p ref={emptyMessage} tabIndex={-1} role={loading ? 'status' : undefined} className="text-slate-700">
            {loading ? 'Loading cart...' : 'Your cart is empty.'}
          </p>
          <div hidden={loading}>
            <Link to="/exams" className="btn-primary mt-4">
              Browse exams
            </Link>
          </div>
        </div>
      ) : (
        <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[1fr_22rem]">
          <div>
            <ul className="divide-y divide-slate-200 rounded-xl bg-white shadow-sm">
              {cart.items.map((item, index) => (
                <CartLineItem
                  key={item.examId}
                  item={item}
                  onQuantity={(quantity) => setQuantity(item.examId, quantity)}
                  onRemove={() => void removeLine(index)}
                />
              ))}
            </ul>
            <button type="button" className="btn-secondary mt-4" onClick={() => void clearCart()}>
              Clear Cart
            </button>
          </div>
          <aside aria-labelledby="summary-heading" className="h-fit rounded-xl bg-white p-5 shadow-sm">
            <h2 id="summary-heading" ref={summaryHeading} tabIndex={-1} className="text-lg font-semibold">
              Order Summary
            </h2>
            <dl className="mt-3 space-y-2 text-sm">
              <div className="flex justify-between">
                <dt>Subtotal</dt>
                <dd>{formatPrice(cart.totalCents)}</dd>
              </div>
              {applied && (
                <div className="flex justify-between text-emerald-800">
                  <dt>Discount ({applied.code})</dt>
                  <dd>
                    {checking ? (
                      'Checking…'
                    ) : unchecked ? (
                      // Checking again for the same cart: the verdict is for no cart until it comes.
                      <button
                        type="button"
                        className="font-medium underline"
                        onClick={() => {
                          setApplied({ ...applied, itemsKey: '' });
                          summaryHeading.current?.focus();
                        }}
                      >
                        Check again
                      </button>
                    ) : (
                      `-${formatPrice(discount)}`
                    )}
                  </dd>
                </div>
              )}
              <div className="flex justify-between">
                <dt>Taxes</dt>
                <dd>Calculated at checkout</dd>
              </div>
              <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold">
                <dt>Total</dt>
                <dd>{checking ? 'Checking…' : formatPrice(Math.max(0, cart.totalCents - discount))}</dd>
              </div>
            </dl>
            <form onSubmit={(e) => void apply(e)} noValidate className="mt-4">
              <label htmlFor="coupon" className="block text-sm font-medium">
                Coupon code
              </label>
              <div className="mt-1 flex gap-2">
                <input
                  id="coupon"
                  ref={couponField}
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  autoComplete="off"
                  aria-invalid={message?.aboutCode || undefined}
                  aria-describedby={message?.aboutCode ? 'coupon-message' : undefined}
                  className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-300 px-3 uppercase aria-invalid:border-red-600"
                />
                <button type="submit" className="btn-secondary">
                  Apply
                </button>
              </div>
            </form>
            <div id="coupon-message" aria-live="polite">
              {message && (
                <p
                  key={message.key}
                  ref={couponMessage}
                  tabIndex={-1}
                  role={message.ok ? 'status' : 'alert'}
                  className={`mt-2 text-sm font-medium ${message.ok ? 'text-emerald-800' : 'text-red-800'}`}
                >
                  {message.text}
                </p>
              )}
            </div>
            {applied && (
              <button
                type="button"
                className="mt-1 inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline"
                onClick={removeCoupon}
              >
                Remove coupon
              </button>
            )}
            {signedIn ? (
              <checkout.Form
                method="post"
                action="/checkout"
                className="mt-5"
                onSubmit={(e) => paying && e.preventDefault()}
              >
                {applied && <input type="hidden" name="coupon" value={applied.code} />}
                <button
                  type="submit"
                  className="btn-primary w-full"
                  // Busy paying, it keeps focus and ignores presses; with no verdict on the coupon it is off.
                  disabled={checking || unchecked}
                  aria-disabled={paying || undefined}
                  aria-describedby="payment-note"
                >
                  {paying ? 'Processing…' : 'Proceed to Payment'}
                </button>
                <div aria-live="assertive">
                  {!paying && checkout.data?.error && (
                    <p role="alert" className="mt-2 text-sm font-medium text-red-800">
                      {checkout.data.error}
                    </p>
                  )}
                </div>
                <p id="payment-note" className="mt-2 text-xs text-slate-600">
                  You pay by card on a secure payment page; prices and the discount are confirmed there.
                </p>
              </checkout.Form>
            ) : (
              <Link to="/login?redirect=/cart" className="btn-primary mt-5 w-full">
                Sign in to Checkout
              </Link>
            )}
          </aside>
        </div>
      )}
    </section>
  );
}
