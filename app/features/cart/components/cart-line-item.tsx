import type { CartLine } from '../../../../shared/cart.ts';
import { formatPrice } from '../../../../shared/money.ts';
import { ExamThumbnail } from '../../catalogue/components/exam-thumbnail.tsx';
import { QuantityInput } from '../quantity-input.tsx';

/** The id of a cart line's Remove button, so focus can be sent to it when a line next to it goes. */
export const removeButtonId = (examId: string) => `remove-${examId}`;

/** One line of the cart page: the exam, its quantity, its total and the button that takes it out. */
export function CartLineItem({
  item,
  onQuantity,
  onRemove,
}: {
  item: CartLine;
  onQuantity: (quantity: number) => Promise<void>;
  onRemove: () => void;
}) {
  return (
    <li className="flex flex-wrap items-center gap-4 p-4">
      <div className="w-24 shrink-0 overflow-hidden rounded-lg">
        <ExamThumbnail title={item.title} category={item.category} thumbnail={item.thumbnail} />
      </div>
      <div className="min-w-0 flex-1 basis-40">
        <h2 className="font-semibold">{item.title}</h2>
        <p className="text-sm text-slate-600">
          {item.category} · {formatPrice(item.priceCents)}
        </p>
        <p className="text-sm text-slate-600">
          {(item.quantity * item.validityDays).toLocaleString('en-US')} days of access
        </p>
      </div>
      <QuantityInput title={item.title} quantity={item.quantity} onCommit={onQuantity} />
      <p className="w-24 text-right font-semibold">{formatPrice(item.lineTotalCents)}</p>
      <button
        type="button"
        id={removeButtonId(item.examId)}
        className="btn-secondary"
        // A double click is one press: its second click would land on the next line's Remove.
        onClick={(event) => {
          if (event.detail < 2) onRemove();
        }}
        aria-label={`Remove ${item.title}`}
      >
        Remove
      </button>
    </li>
  );
}
