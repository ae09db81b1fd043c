import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { accountMessages } from '../../../../shared/account-messages.ts';
import { useNotify } from '../../../components/ui/notifications.tsx';

/** The popup page tells this window it is done on this channel; closing the popup also counts. */
export const AUTH_CHANNEL = 'practicepass-auth';

interface Props {
  label: string;
  /** Where to go once signed in. */
  target: string;
  /** What to say when Google sign-in does not complete; the social-only screens have their own words. */
  failureMessage?: string;
}

/** Opens Google's sign-in in a small window; when it closes, asks the server whether it worked. */
export function GoogleButton({ label, target, failureMessage = accountMessages.googleFailed }: Props) {
  const [state, setState] = useState<'idle' | 'waiting' | 'checking'>('idle');
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const notify = useNotify();
  const cleanup = useRef<() => void>(() => {});
  useEffect(() => () => cleanup.current(), []);

  function start() {
    // Busy while its window is open: the button keeps focus and ignores presses.
    if (state !== 'idle') return;
    const url = `/auth/google?from=${encodeURIComponent(target)}`;
    const popup = window.open(`${url}&popup=1`, 'practicepass-google', 'popup,width=500,height=650');
    if (!popup) {
      // Popups blocked: the same sign-in, in this window.
      window.location.assign(url);
      return;
    }
    setError(null);
    setState('waiting');
    const channel = new BroadcastChannel(AUTH_CHANNEL);
    let settled = false;
    const settle = async () => {
      if (settled) return;
      settled = true;
      cleanup.current();
      setState('checking');
      // The server says whether it worked, whether it made the account and, when the student can act on it,
      // why not (the address has a password account).
      const answer: { signedIn: boolean; message?: string } = await fetch('/auth/session', {
        headers: { accept: 'application/json' },
      })
        .then((r) => r.json() as Promise<{ signedIn: boolean; message?: string }>)
        .catch(() => ({ signedIn: false }));
      if (answer.signedIn) {
        // 'Registration successful' when the sign-in made the account.
        notify('success', answer.message ?? accountMessages.loggedIn);
        navigate(target, { replace: true });
      } else {
        setState('idle');
        setError(answer.message ?? failureMessage);
      }
    };
    channel.onmessage = () => void settle();
    const timer = setInterval(() => popup.closed && void settle(), 400);
    cleanup.current = () => {
      clearInterval(timer);
      channel.close();
    };
  }

  return (
    <div className="mt-6">
      <button
        type="button"
        onClick={start}
        aria-disabled={state !== 'idle' || undefined}
        className="btn-secondary w-full aria-disabled:opacity-60"
      >
        <GoogleMark />
        {label}
      </button>
      <div aria-live="polite" className="mt-2 text-center text-sm empty:hidden">
        {state === 'checking' && <p className="text-slate-700">Loading...</p>}
        {error && (
          <p role="alert" className="font-medium text-red-800">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 48 48">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.7c4.3-4 6.9-9.9 6.9-17.1z"
      />
      <path
        fill="#FBBC05"
        d="M10.6 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.7c-2.1 1.4-4.8 2.3-8.5 2.3-6.2 0-11.5-4.1-13.4-9.8l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}
