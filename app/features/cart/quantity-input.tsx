import { useEffect, useId, useRef, useState } from 'react';
import { MAX_QUANTITY } from '../../../shared/cart.ts';

export const quantityMessage = `Quantity must be a whole number from 1 to ${MAX_QUANTITY}`;

const isQuantity = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_QUANTITY;

/** How long a number out of range stays as typed before it is refused (when the box is not left first). */
const SETTLE_MS = 800;

/**
 * A cart line's quantity box. What is typed stays as typed: a whole number from 1 to 99 is saved at once, an
 * empty box changes nothing (leaving it shows the saved quantity again), and anything else is refused, with
 * a message, on leaving the box, on Enter or after a short pause: the saved quantity shows again. A slip
 * (150 for 15) never becomes the largest quantity and its price. Escape drops what is typed and not saved.
 * Arrow keys and the spin buttons step the quantity as usual.
 */
export function QuantityInput({
  title,
  quantity,
  onCommit,
}: {
  /** The exam's title, so each box in the cart says whose quantity it is. */
  title: string;
  quantity: number;
  onCommit: (quantity: number) => Promise<void>;
}) {
  const messageId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  /** The quantity asked for and not yet answered: shown until the cart comes back. */
  const [pending, setPending] = useState<number | null>(null);
  const [problem, setProblem] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const current = pending ?? quantity;

  function commit(q: number) {
    if (q === current) return;
    setPending(q);
    void onCommit(q).finally(() => setPending((p) => (p === q ? null : p)));
  }

  /** Leaving the box, Enter or a pause: what is typed becomes a quantity, or the box shows the saved one again. */
  function settle(text: string) {
    clearTimeout(timer.current);
    setDraft(null);
    if (text.trim() === '') return;
    const n = Number(text);
    setProblem(!isQuantity(n));
    if (isQuantity(n)) commit(n);
  }

  function change(text: string) {
    clearTimeout(timer.current);
    setDraft(text);
    if (text.trim() === '') return setProblem(false);
    const n = Number(text);
    if (isQuantity(n)) {
      setProblem(false);
      commit(n);
    } else {
      setProblem(true);
      timer.current = setTimeout(() => settle(text), SETTLE_MS);
    }
  }

  return (
    <>
      <label className="flex items-center gap-2 text-sm">
        Quantity
        <input
          type="number"
          min={1}
          max={MAX_QUANTITY}
          step={1}
          value={draft ?? String(current)}
          onChange={(e) => change(e.target.value)}
          onBlur={(e) => draft !== null && settle(e.target.value)}
          onKeyDown={(e) => {
            if (draft === null) return;
            if (e.key === 'Enter') settle(e.currentTarget.value);
            else if (e.key === 'Escape') {
              clearTimeout(timer.current);
              setDraft(null);
              setProblem(false);
            }
          }}
          aria-label={`Quantity of ${title}`}
          aria-invalid={problem || undefined}
          aria-describedby={problem ? messageId : undefined}
          className="min-h-11 w-16 rounded-lg border border-slate-300 px-2"
        />
      </label>
      {problem && (
        <p id={messageId} role="alert" className="order-last basis-full text-sm font-medium text-red-800">
          {quantityMessage}
        </p>
      )}
    </>
  );
}
