import { Link } from 'react-router';
import { useCheckoutPath } from '../applied-coupon.ts';
import { useCart } from '../cart-context.tsx';
import { CartToggle } from './cart-toggle.tsx';

/**
 * Spec §2: the way to buy an exam not yet owned. The cart toggle ('Unlock Access'); 'Go to Checkout' once it
 * is in a signed-in cart; 'Login to Unlock' for visitors.
 */
export function LockedActions({
  exam,
  signedIn,
}: {
  exam: { id: string; title: string; category?: string; priceCents?: number };
  signedIn: boolean;
}) {
  const inCart = useCart().has(exam.id);
  const checkout = useCheckoutPath();
  return (
    <>
      <CartToggle exam={exam} addLabel="Unlock Access" />
      {signedIn && inCart && (
        <Link to={checkout} className="btn-primary">
          Go to Checkout
        </Link>
      )}
      {!signedIn && (
        <Link to={`/login?from=${encodeURIComponent(`/exams/${exam.id}`)}`} className="btn-secondary">
          Login to Unlock
        </Link>
      )}
    </>
  );
}
