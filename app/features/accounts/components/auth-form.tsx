import type { ReactNode } from 'react';

/** The frame of the sign-in, registration and password pages. */
/** `lead` says why the visitor is here, such as on the way to paying for their cart. */
export function AuthPage({ title, lead, children }: { title: string; lead?: string | null; children: ReactNode }) {
  return (
    <section aria-labelledby="auth-heading" className="container-page flex justify-center py-10">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 id="auth-heading" className="text-2xl font-bold">
          {title}
        </h1>
        {lead && <p className="mt-2 text-slate-700">{lead}</p>}
        {children}
      </div>
    </section>
  );
}

/**
 * The form's one message: read out when it appears. A new `errorKey` makes it a new element, so the same
 * words are read out again after another refusal; it can take focus when no field is to blame.
 */
export function FormMessage({
  id,
  error,
  errorKey,
  success,
}: {
  id: string;
  error?: string | null;
  errorKey?: number;
  success?: string | null;
}) {
  return (
    <div id={id} aria-live="assertive" className="mt-4 empty:hidden">
      {error && (
        <p
          key={errorKey}
          role="alert"
          tabIndex={-1}
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-900"
        >
          {error}
        </p>
      )}
      {success && (
        <p
          role="status"
          className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900"
        >
          {success}
        </p>
      )}
    </div>
  );
}

interface FieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete: string;
  defaultValue?: string;
  /** The form's message is about this field: marked invalid and described by the message. */
  invalid?: boolean;
  /** The id of the form's message. */
  describedBy?: string;
  hint?: string;
}

export function Field({
  name,
  label,
  type = 'text',
  autoComplete,
  defaultValue,
  invalid,
  describedBy,
  hint,
}: FieldProps) {
  const hintId = hint ? `${name}-hint` : undefined;
  return (
    <div className="mt-4">
      <label htmlFor={name} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={name}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        aria-invalid={invalid || undefined}
        aria-describedby={[invalid ? describedBy : undefined, hintId].filter(Boolean).join(' ') || undefined}
        className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-3 text-slate-900 aria-invalid:border-red-600"
      />
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}
