import { beforeEach, describe, expect, it, vi } from 'vitest';
import { checkoutMessages } from '../../shared/checkout-messages.ts';
import { loader as failedLoader } from './payment-failed.tsx';
import { loader as pendingLoader } from './payment-pending.tsx';
import { loader as verifyLoader } from './payment.verify.tsx';
import { loader as thankYouLoader } from './thank-you.tsx';

/**
 * When the payment provider does not answer, nothing is known of the payment: it may have gone through.
 * The student is never told they were not charged, and the waiting page keeps asking instead of failing.
 */

const SESSION = 'cs_test_outage';

/** What the pages wrote to the store's log. */
const logged: { details: Record<string, unknown>; message: string }[] = [];

function args(path: string) {
  const checkout = {
    sync: vi.fn(() => Promise.reject(new Error('connect ETIMEDOUT'))),
    ownsSession: vi.fn(() => Promise.resolve(true)),
    orderBySession: vi.fn(() => Promise.resolve(null)),
  };
  const log = { error: (details: Record<string, unknown>, message: string) => logged.push({ details, message }) };
  const context = { services: { checkout }, user: { id: 'student-1' }, client: { ip: '10.0.0.1' }, log };
  return { request: new Request(`http://store.test${path}`), context, params: {} } as never;
}

async function thrownOrReturned(run: () => unknown) {
  try {
    return await run();
  } catch (thrown) {
    return thrown;
  }
}

function location(result: unknown) {
  expect(result).toBeInstanceOf(Response);
  return (result as Response).headers.get('location');
}

describe('a payment provider that does not answer', () => {
  beforeEach(() => {
    logged.length = 0;
  });

  it('on return from paying: the failure page offers to check again and does not say "not charged"', async () => {
    const result = await thrownOrReturned(() => verifyLoader(args(`/payment/success?session_id=${SESSION}`)));
    const to = location(result);
    expect(to).toBe(`/payment-failed?reason=verify-failed&session_id=${SESSION}`);
    // The store's log says what happened, with the provider's error.
    expect(logged).toEqual([
      {
        message: 'Payment verification failed',
        details: { err: new Error('connect ETIMEDOUT'), sessionId: SESSION },
      },
    ]);
    const page = failedLoader(args(to!));
    expect(page).toEqual({
      heading: 'Payment Failed',
      reason: checkoutMessages.verifyFailed,
      checkAgain: SESSION,
      cancelled: false,
      explanation: null,
    });
  });

  it('on the failure page, only an unconfirmed payment is offered a check; the rest go back to the cart', () => {
    expect(failedLoader(args(`/payment-failed?reason=not-completed&session_id=${SESSION}`))).toEqual({
      heading: 'Payment Failed',
      reason: checkoutMessages.notCompleted,
      checkAgain: null,
      cancelled: false,
      explanation: null,
    });
    expect(failedLoader(args('/payment-failed?reason=verify-failed'))).toEqual({
      heading: 'Payment Failed',
      reason: checkoutMessages.verifyFailed,
      checkAgain: null,
      cancelled: false,
      explanation: null,
    });
    // A payment the student cancelled: nothing to check, and the page says it was cancelled.
    expect(failedLoader(args(`/payment-failed?reason=cancelled&session_id=${SESSION}`))).toEqual({
      heading: 'Payment Cancelled',
      reason: 'Payment was cancelled. Your cart is just as you left it.',
      checkAgain: null,
      cancelled: true,
      explanation: null,
    });
  });

  it('while waiting for a payment to settle: the page stays and asks again, no error page', async () => {
    const result = await thrownOrReturned(() => pendingLoader(args(`/payment-pending?session_id=${SESSION}`)));
    expect(result).toEqual({ sessionId: SESSION });
    expect(logged.map((l) => l.message)).toEqual(['Payment status unknown']);
  });

  it('on the thank-you page before the order is written: on to the waiting page', async () => {
    const result = await thrownOrReturned(() => thankYouLoader(args(`/thank-you?session_id=${SESSION}`)));
    expect(location(result)).toBe(`/payment-pending?session_id=${SESSION}`);
    expect(logged).toEqual([
      { message: 'Payment status unknown', details: { err: new Error('connect ETIMEDOUT'), sessionId: SESSION } },
    ]);
  });
});
