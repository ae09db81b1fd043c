import { Form, Link, useActionData, useLoaderData } from 'react-router';
import { formText, newPasswordProblem } from '../../shared/account-forms.ts';
import { isWeakPassword, isWrongLengthPassword } from '../../shared/account-rules.ts';
import { accountMessages } from '../../shared/account-messages.ts';
import { AuthPage, Field, FormMessage } from '../features/accounts/components/auth-form.tsx';
import { refused } from '../features/accounts/refused.server.ts';
import { useFormCheck } from '../features/accounts/use-form-check.ts';
import { redirectWith } from '../lib/auth.server.ts';
import { readForm } from '../lib/form.server.ts';
import type { Route } from './+types/reset-password';

export function meta() {
  return [{ title: 'Choose a new password | PracticePass' }, { name: 'robots', content: 'noindex' }];
}

/** The emailed link lands here with its token, or with an error when the token is unknown or expired. */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get('token');
  return { token: params.get('error') || !token ? null : token };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const token = String(form.get('token') ?? '');
  const password = String(form.get('password') ?? '');
  const problem = newPasswordProblem(formText(form), isWeakPassword);
  if (problem) return refused(400, { error: problem });
  const result = await context.services.accounts.resetPassword(token, password, context.client);
  if (!result.ok) return refused(result.status, { error: result.message });
  return redirectWith(context, '/login', [], { type: 'success', message: accountMessages.passwordReset });
}

export default function ResetPassword() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const check = useFormCheck({
    messageId: 'reset-message',
    problemOf: (text) => newPasswordProblem(text, isWrongLengthPassword),
    refusal: result,
  });
  const newLink = (
    <p className="mt-6 text-center text-sm">
      <Link to="/forgot-password" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
        Send a new link
      </Link>
    </p>
  );
  if (!token) {
    return (
      <AuthPage title="Choose a new password">
        <FormMessage id="reset-message" error={accountMessages.resetLinkInvalid} />
        {newLink}
      </AuthPage>
    );
  }
  return (
    <AuthPage title="Choose a new password">
      <FormMessage id="reset-message" error={check.error?.text} errorKey={check.error?.key} />
      <Form method="post" noValidate onSubmit={check.onSubmit} aria-describedby="reset-message">
        <input type="hidden" name="token" value={token} />
        <Field
          name="password"
          type="password"
          label="New password"
          autoComplete="new-password"
          hint="At least 8 characters; avoid common passwords."
          {...check.field('password')}
        />
        <Field
          name="confirm"
          type="password"
          label="Repeat the new password"
          autoComplete="new-password"
          {...check.field('confirm')}
        />
        <button type="submit" className="btn-primary mt-6 w-full" aria-disabled={check.busy || undefined}>
          Set new password
        </button>
      </Form>
      {/* A link used already, or past its hour, is found out only when the form is sent. */}
      {result?.error === accountMessages.resetLinkInvalid && newLink}
    </AuthPage>
  );
}
