import { Form, Link, useActionData, useLoaderData, useLocation } from 'react-router';
import { formText, signInProblem } from '../../shared/account-forms.ts';
import { accountMessages } from '../../shared/account-messages.ts';
import { AuthPage, Field, FormMessage } from '../features/accounts/components/auth-form.tsx';
import { GoogleButton } from '../features/accounts/components/google-button.tsx';
import { refused } from '../features/accounts/refused.server.ts';
import { useFormCheck } from '../features/accounts/use-form-check.ts';
import { cartLead, redirectSignedIn, requireSignedOut, targetFrom } from '../lib/auth.server.ts';
import { originOf, pageMeta } from '../lib/seo.ts';
import { readForm } from '../lib/form.server.ts';
import type { Route } from './+types/login';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Login',
    description: 'Sign in to PracticePass.',
    path: '/login',
    origin: originOf(matches),
    noindex: true,
  });
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireSignedOut(context);
  const target = targetFrom(request);
  return { google: context.services.accounts.googleEnabled, target, lead: cartLead(target, 'login') };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSignedOut(context);
  const form = await readForm(request);
  const email = String(form.get('email') ?? '');
  const password = String(form.get('password') ?? '');
  const problem = signInProblem(formText(form));
  if (problem) return refused(400, { error: problem, email });
  const result = await context.services.accounts.signIn({ email, password }, context.client);
  if (!result.ok) return refused(result.status, { error: result.message, email });
  return redirectSignedIn(context, request, result.setCookies, accountMessages.loggedIn);
}

export default function Login() {
  const { google, target, lead } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const check = useFormCheck({ messageId: 'login-message', problemOf: signInProblem, refusal: result });
  const { search } = useLocation();

  return (
    <AuthPage title="Login" lead={lead}>
      <FormMessage id="login-message" error={check.error?.text} errorKey={check.error?.key} />
      <Form method="post" noValidate onSubmit={check.onSubmit} aria-describedby="login-message">
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
          autoComplete="current-password"
          {...check.field('password')}
        />
        <p className="mt-2 text-right text-sm">
          <Link to="/forgot-password" className="font-medium text-brand-700 underline-offset-4 hover:underline">
            Forgot password?
          </Link>
        </p>
        <button type="submit" className="btn-primary mt-4 w-full" aria-disabled={check.busy || undefined}>
          Login
        </button>
      </Form>
      {google && <GoogleButton label="Sign in with Google" target={target} />}
      <p className="mt-6 text-center text-sm text-slate-700">
        Don&apos;t have an account?{' '}
        <Link to={`/register${search}`} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          Register
        </Link>
      </p>
    </AuthPage>
  );
}
