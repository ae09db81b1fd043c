// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { redirectTarget } from '../testing/redirects.ts';
import { checkoutMessages, mismatchExplanation } from '../../shared/checkout-messages.ts';
import PaymentFailed, { loader as failedLoader } from './payment-failed.tsx';
import { loader as cancelLoader } from './payment.cancel.tsx';
import { loader as pendingLoader } from './payment-pending.tsx';
import { loader as verifyLoader } from './payment.verify.tsx';
import { loader as thankYouLoader } from './thank-you.tsx';

/**
 * A payment the provider took for another amount or currency than the store priced grants nothing and waits
 * for support. Every page that would follow it says so once: none claims success, none keeps waiting.
 */

afterEach(cleanup);

const SESSION = 'cs_test_mismatch';
const HELD = '/payment-failed?reason=mismatch';

function args(path: string) {
  const checkout = {
    sync: vi.fn(() => Promise.resolve('mismatch')),
    cancel: vi.fn(() => Promise.resolve({ sessionId: SESSION, outcome: 'mismatch' })),
    ownsSession: vi.fn(() => Promise.resolve(true)),
    orderBySession: vi.fn(() => Promise.resolve(null)),
  };
  const context = { services: { checkout }, user: { id: 'student-1' }, client: { ip: '10.0.0.1' } };
  return { request: new Request(`http://store.test${path}`), context, params: {} } as never;
}

describe('a payment not as priced', () => {
  it('the return from paying, the waiting page, the thank-you page and the cancel link all lead to one page', async () => {
    expect(await redirectTarget(() => verifyLoader(args(`/payment/success?session_id=${SESSION}`)))).toBe(HELD);
    expect(await redirectTarget(() => pendingLoader(args(`/payment-pending?session_id=${SESSION}`)))).toBe(HELD);
    expect(await redirectTarget(() => thankYouLoader(args(`/thank-you?session_id=${SESSION}`)))).toBe(HELD);
    expect(await redirectTarget(() => cancelLoader(args('/payment/failed?order=ORD-1795000000000QWERTYUI')))).toBe(
      HELD,
    );
  });

  it('that page says the payment could not be verified and to contact support, never "not charged"', async () => {
    const data = failedLoader(args(HELD));
    expect(data).toEqual({
      heading: 'Payment Failed',
      reason: checkoutMessages.verifyFailed,
      checkAgain: null,
      cancelled: false,
      explanation: mismatchExplanation,
    });
    const Stub = createRoutesStub([
      { path: '/payment-failed', Component: PaymentFailed as never, HydrateFallback: () => null, loader: () => data },
    ]);
    render(<Stub initialEntries={[HELD]} />);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Failed to verify payment');
    expect(screen.getByText(mismatchExplanation)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/not been charged/);
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe('/contact');
  });
});
