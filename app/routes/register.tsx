import { Form, Link, useActionData, useLoaderData, useLocation } from 'react-router';
import { formText, registrationProblem } from '../../shared/account-forms.ts';
import { isWeakPassword, isWrongLengthPassword } from '../../shared/account-rules.ts';
import { accountMessages } from '../../shared/account-messages.ts';
import { AuthPage, Field, FormMessage } from '../features/accounts/components/auth-form.tsx';
import { GoogleButton } from '../features/accounts/components/google-button.tsx';
import { refused } from '../features/accounts/refused.server.ts';
import { useFormCheck } from '../features/accounts/use-form-check.ts';
import { cartLead, redirectSignedIn, requireSignedOut, targetFrom } from '../lib/auth.server.ts';
import { originOf, pageMeta } from '../lib/seo.ts';
import { readForm } from '../lib/form.server.ts';
import type { Route } from './+types/register';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Register',
    description: 'Create a PracticePass account to save your progress and unlock full practice tests.',
    path: '/register',
    origin: originOf(matches),
    noindex: true,
  });
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireSignedOut(context);
  const target = targetFrom(request);
  return { google: context.services.accounts.googleEnabled, target, lead: cartLead(target, 'register') };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSignedOut(context);
  const form = await readForm(request);
  const name = String(form.get('name') ?? '');
  const email = String(form.get('email') ?? '');
  const password = String(form.get('password') ?? '');
  const problem = registrationProblem(formText(form), isWeakPassword);
  if (problem) return refused(400, { error: problem, email, name });
  const result = await context.services.accounts.register({ name, email, password }, context.client);
  if (!result.ok) return refused(result.status, { error: result.message, email, name });
  return redirectSignedIn(context, request, result.setCookies, accountMessages.registered);
}

export default function Register() {
  const { google, target, lead } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const check = useFormCheck({
    messageId: 'register-message',
    // The common-password list stays on the server; length is checked here for instant feedback.
    problemOf: (text) => registrationProblem(text, isWrongLengthPassword),
    refusal: result,
  });
  const { search } = useLocation();

  return (
    <AuthPage title="Register" lead={lead}>
      <FormMessage id="register-message" error={check.error?.text} errorKey={check.error?.key} />
      <Form method="post" noValidate onSubmit={check.onSubmit} aria-describedby="register-message">
        <Field name="name" label="Name" autoComplete="name" defaultValue={result?.name} {...check.field('name')} />
        <Field
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          defaultValue={result?.email}
          {...check.field('email')}
        />
        <Field
          name="password"
          type="password"
          label="Password"
          autoComplete="new-password"
          {...check.field('password')}
          hint="At least 8 characters; avoid common passwords."
        />
        <button type="submit" className="btn-primary mt-6 w-full" aria-disabled={check.busy || undefined}>
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
