import { originOf, pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/contact';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Contact',
    description: 'Questions about an exam, your access or an order? Write to PracticePass support.',
    path: '/contact',
    origin: originOf(matches),
  });
}

export function loader({ context }: Route.LoaderArgs) {
  return { supportEmail: context.supportEmail };
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { supportEmail } = loaderData;
  return (
    <section aria-labelledby="contact-heading" className="container-page max-w-3xl py-10">
      <h1 id="contact-heading" className="text-3xl font-bold">
        Contact us
      </h1>
      <p className="mt-4 text-slate-800">
        Questions about an exam, your access or an order? Our support team answers every message within one business
        day.
      </p>
      <dl className="mt-6 space-y-4">
        <div>
          <dt className="font-semibold">Email</dt>
          <dd>
            <a href={`mailto:${supportEmail}`} className="text-brand-700 underline underline-offset-4">
              {supportEmail}
            </a>
          </dd>
        </div>
        <div>
          <dt className="font-semibold">Found an error in a question?</dt>
          <dd className="text-slate-800">
            Tell us the exam, the practice test and the question. We check every report and credit the fix to you.
          </dd>
        </div>
      </dl>
    </section>
  );
}
