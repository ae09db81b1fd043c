import { Link } from 'react-router';
import { failureText } from '../../shared/checkout-messages.ts';
import type { Route } from './+types/payment-failed';

export function meta() {
  return [{ title: 'Payment not completed | PracticePass' }, { name: 'robots', content: 'noindex' }];
}

export function loader({ request }: Route.LoaderArgs) {
  return { reason: failureText(new URL(request.url).searchParams.get('reason')) };
}

export default function PaymentFailed({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="failed-heading" className="container-page max-w-xl py-12">
      <div className="rounded-xl bg-white p-6 shadow-sm">
        <h1 id="failed-heading" className="text-2xl font-bold">
          Payment Failed
        </h1>
        <p role="alert" className="mt-3 font-medium text-red-800">
          {loaderData.reason}
        </p>
        <p className="mt-2 text-slate-700">
          You have not been charged for this attempt. Your cart is kept, so you can try again with the same or another
          card.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/cart" className="btn-primary">
            Return to Cart
          </Link>
          <Link to="/contact" className="btn-secondary">
            Contact support
          </Link>
        </div>
      </div>
    </section>
  );
}
