import { useState } from 'react';
import { useCart } from '../cart-context.tsx';

interface Props {
  exam: { id: string; title: string; category?: string; priceCents?: number };
  /** 'Add to Cart' on cards; 'Unlock Access' on exam details; 'Buy Full Access' on the demo banner. */
  addLabel?: string;
  className?: string;
}

/**
 * Adds the exam to the cart, or takes it out again; the label says which. While the request runs the button
 * says it is unavailable but stays focusable (a disabled button would drop focus to the page) and ignores presses.
 */
export function CartToggle({ exam, addLabel = 'Add to Cart', className = 'btn-secondary' }: Props) {
  const { has, add, remove } = useCart();
  const [busy, setBusy] = useState(false);
  const inCart = has(exam.id);
  async function toggle() {
    if (busy) return;
    setBusy(true);
    try {
      await (inCart ? remove(exam) : add(exam));
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      className={className}
      // A double click is one press: its second click would find the button changed and undo the first.
      onClick={(event) => {
        if (event.detail < 2) void toggle();
      }}
      aria-disabled={busy || undefined}
      aria-label={`${inCart ? 'Remove from Cart' : addLabel}: ${exam.title}`}
    >
      {inCart ? 'Remove from Cart' : addLabel}
    </button>
  );
}
