// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { redirectTarget } from '../testing/redirects.ts';
import { checkoutMessages, otherAccountExplanation } from '../../shared/checkout-messages.ts';
import PaymentFailed, { loader as failedLoader } from './payment-failed.tsx';
import { loader as cancelLoader } from './payment.cancel.tsx';

/**
 * The payment page's cancel link says "not charged" only to the checkout's own student, who alone may learn
 * whether it was paid: a visitor signs in first, another account is told the checkout is not its own.
 */

afterEach(cleanup);

const ORDER = 'ORD-1795000000000QWERTYUI';
const CANCEL = `/payment/failed?order=${ORDER}`;

function args(path: string, user: { id: string } | null, found: unknown = null) {
  const cancel = vi.fn(() => Promise.resolve(found));
  const context = { services: { checkout: { cancel } }, user, client: { ip: '10.0.0.1' } };
  return { args: { request: new Request(`http://store.test${path}`), context, params: {} } as never, cancel };
}

describe('the cancel link', () => {
  it('sends a signed-out visitor to log in and back, closing nothing meanwhile', async () => {
    const { args: visit, cancel } = args(CANCEL, null);
    expect(await redirectTarget(() => cancelLoader(visit))).toBe(`/login?from=${encodeURIComponent(CANCEL)}`);
    expect(cancel).not.toHaveBeenCalled();
  });

  it('tells the student their own checkout was cancelled, and sends a paid one to its receipt', async () => {
    const closed = args(CANCEL, { id: 'student-1' }, { outcome: 'cancelled' });
    expect(await redirectTarget(() => cancelLoader(closed.args))).toBe('/payment-failed?reason=cancelled');
    expect(closed.cancel).toHaveBeenCalledWith('student-1', ORDER);
    const paid = args(CANCEL, { id: 'student-1' }, { outcome: 'succeeded', sessionId: 'cs_1' });
    expect(await redirectTarget(() => cancelLoader(paid.args))).toBe('/payment/verify?session_id=cs_1');
    // A page the provider could not be asked to close may yet be paid: the page that says so, with a check.
    const unsure = args(CANCEL, { id: 'student-1' }, { outcome: 'unconfirmed', sessionId: 'cs_2' });
    expect(await redirectTarget(() => cancelLoader(unsure.args))).toBe(
      '/payment-failed?reason=verify-failed&session_id=cs_2',
    );
  });

  it('tells another account, or a link with no order of ours, only that the checkout is not its own', async () => {
    const stranger = args(CANCEL, { id: 'student-2' }, null);
    expect(await redirectTarget(() => cancelLoader(stranger.args))).toBe('/payment-failed?reason=other-account');
    const garbled = args('/payment/failed?order=ORD-1', { id: 'student-2' });
    expect(await redirectTarget(() => cancelLoader(garbled.args))).toBe('/payment-failed?reason=other-account');
    expect(garbled.cancel).not.toHaveBeenCalled();
  });

  it('whose page says the checkout was not found and where the order would be, never "not charged"', async () => {
    const path = '/payment-failed?reason=other-account';
    const data = failedLoader(args(path, { id: 'student-2' }).args);
    const Stub = createRoutesStub([
      { path: '/payment-failed', Component: PaymentFailed as never, HydrateFallback: () => null, loader: () => data },
    ]);
    render(<Stub initialEntries={[path]} />);
    expect(await screen.findByRole('heading', { name: 'Checkout Not Found' })).toBeTruthy();
    expect(screen.getByRole('alert')).toHaveProperty('textContent', checkoutMessages.sessionNotFound);
    expect(screen.getByText(otherAccountExplanation)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/charged/);
  });
});
