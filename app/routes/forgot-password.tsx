import { Form, Link, useActionData } from 'react-router';
import { emailProblem } from '../../shared/account-rules.ts';
import { accountMessages } from '../../shared/account-messages.ts';
import { AuthPage, Field, FormMessage } from '../features/accounts/components/auth-form.tsx';
import { refused } from '../features/accounts/refused.server.ts';
import { useFormCheck } from '../features/accounts/use-form-check.ts';
import { originOf, pageMeta } from '../lib/seo.ts';
import { readForm } from '../lib/form.server.ts';
import type { Route } from './+types/forgot-password';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Forgot password',
    description: 'Get a link to set a new PracticePass password.',
    path: '/forgot-password',
    origin: originOf(matches),
    noindex: true,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const email = String((await readForm(request)).get('email') ?? '');
  const problem = emailProblem(email);
  if (problem) return refused(400, { error: problem, email });
  const result = await context.services.accounts.requestPasswordReset(email, context.client);
  if (!result.ok) return refused(result.status, { error: result.message, email });
  return { sent: true, email };
}

export default function ForgotPassword() {
  const result = useActionData<typeof action>();
  const check = useFormCheck({
    messageId: 'forgot-message',
    problemOf: (text) => emailProblem(text('email')),
    refusal: result && 'error' in result ? result : null,
  });
  const sent = result && 'sent' in result;

  return (
    <AuthPage title="Forgot password">
      <p className="mt-2 text-sm text-slate-700">
        Enter the email of your account and we will send you a link to choose a new password.
      </p>
      <FormMessage
        id="forgot-message"
        error={check.error?.text}
        errorKey={check.error?.key}
        success={sent && !check.error ? accountMessages.resetRequested : null}
      />
      <Form method="post" noValidate onSubmit={check.onSubmit} aria-describedby="forgot-message">
        <Field
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          defaultValue={result?.email}
          {...check.field('email')}
        />
        <button type="submit" className="btn-primary mt-6 w-full" aria-disabled={check.busy || undefined}>
          Send reset link
        </button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          Back to Login
        </Link>
      </p>
    </AuthPage>
  );
}
