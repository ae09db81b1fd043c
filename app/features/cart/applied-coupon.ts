import { useSyncExternalStore } from 'react';
import { readStored, store } from '../../lib/browser-storage.ts';

/** Spec §4: an applied coupon is kept in the browser with the time applied, and restored only within 24 hours. */
const KEY = 'appliedCoupon';
export const COUPON_KEEP_MS = 24 * 60 * 60 * 1000;

export interface AppliedCoupon {
  code: string;
  appliedAt: number;
}

export function readAppliedCoupon(now = Date.now()): AppliedCoupon | null {
  try {
    const value = JSON.parse(readStored(KEY) ?? 'null') as AppliedCoupon | null;
    if (
      value &&
      typeof value.code === 'string' &&
      typeof value.appliedAt === 'number' &&
      now - value.appliedAt < COUPON_KEEP_MS
    )
      return value;
  } catch {
    // An unreadable entry is treated as none.
  }
  store(KEY, null);
  return null;
}

export function saveAppliedCoupon(code: string, now = Date.now()) {
  store(KEY, JSON.stringify({ code, appliedAt: now }));
}

export function forgetAppliedCoupon() {
  store(KEY, null);
}

/** Where 'Go to Checkout' leads: payment for the cart, with the coupon the student applied there. */
export function checkoutPath(): string {
  const saved = readAppliedCoupon();
  return saved ? `/checkout?coupon=${encodeURIComponent(saved.code)}` : '/checkout';
}

function onStorage(changed: () => void) {
  addEventListener('storage', changed);
  return () => removeEventListener('storage', changed);
}

/** `checkoutPath` for a link: the server, which cannot see the coupon, renders the plain address. */
export function useCheckoutPath(): string {
  return useSyncExternalStore(onStorage, checkoutPath, () => '/checkout');
}

const keptCode = () => readAppliedCoupon()?.code ?? null;

/** The code of the coupon the browser kept, for a page: the server, which cannot see it, renders none. */
export function useKeptCoupon(): string | null {
  return useSyncExternalStore(onStorage, keptCode, () => null);
}
