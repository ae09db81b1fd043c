import { Form, Link, useActionData, useLoaderData, useLocation } from 'react-router';
import { emailProblem, isWeakPassword, NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/account-rules.ts';
import { accountMessages } from '../../shared/account-messages.ts';
import { AuthPage, Field, FormMessage } from '../features/accounts/components/auth-form.tsx';
import { GoogleButton } from '../features/accounts/components/google-button.tsx';
import { refused } from '../features/accounts/refused.server.ts';
import { useFormCheck } from '../features/accounts/use-form-check.ts';
import { redirectWith, requireSignedOut, targetFrom } from '../lib/auth.server.ts';
import { originOf, pageMeta } from '../lib/seo.ts';
import { readForm } from '../lib/form.server.ts';
import type { Route } from './+types/register';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Register',
    description: 'Create a PracticePass account to save your progress and unlock full practice tests.',
    path: '/register',
    origin: originOf(matches),
  });
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireSignedOut(context);
  return { google: context.services.accounts.googleEnabled, target: targetFrom(request) };
}

function nameProblem(name: string): string | null {
  if (!name.trim()) return accountMessages.nameMissing;
  return name.trim().length > NAME_MAX_LENGTH ? accountMessages.nameTooLong : null;
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSignedOut(context);
  const form = await readForm(request);
  const name = String(form.get('name') ?? '');
  const email = String(form.get('email') ?? '');
  const password = String(form.get('password') ?? '');
  const problem =
    nameProblem(name) ?? emailProblem(email) ?? (isWeakPassword(password) ? accountMessages.passwordWeak : null);
  if (problem) return refused(400, { error: problem, email, name });
  const result = await context.services.accounts.register({ name, email, password }, context.client);
  if (!result.ok) return refused(result.status, { error: result.message, email, name });
  return redirectWith(targetFrom(request), result.setCookies, { type: 'success', message: accountMessages.registered });
}

export default function Register() {
  const { google, target } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // The common-password list stays on the server; length is checked here for instant feedback.
  const { clientError, onSubmit, busy } = useFormCheck(
    (form) =>
      nameProblem(String(form.get('name') ?? '')) ??
      emailProblem(form.get('email')) ??
      (String(form.get('password') ?? '').length < PASSWORD_MIN_LENGTH ? accountMessages.passwordWeak : null),
  );
  const { search } = useLocation();
  const error = clientError ?? result?.error ?? null;

  return (
    <AuthPage title="Register">
      <FormMessage id="register-message" error={error} />
      <Form method="post" noValidate onSubmit={onSubmit} aria-describedby="register-message">
        <Field name="name" label="Name" autoComplete="name" defaultValue={result?.name} invalid={Boolean(error)} />
        <Field
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          defaultValue={result?.email}
          invalid={Boolean(error)}
        />
        <Field
          name="password"
          type="password"
          label="Password"
          autoComplete="new-password"
          invalid={Boolean(error)}
          hint="At least 8 characters; avoid common passwords."
        />
        <button type="submit" className="btn-primary mt-6 w-full" aria-disabled={busy || undefined}>
          Register
        </button>
      </Form>
      {google && <GoogleButton label="Sign up with Google" target={target} />}
      <p className="mt-6 text-center text-sm text-slate-700">
        Already have an account?{' '}
        <Link to={`/login${search}`} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          Login
        </Link>
      </p>
    </AuthPage>
  );
}
