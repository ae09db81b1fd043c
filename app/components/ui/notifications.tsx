import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type ReactNode,
} from 'react';

export type NotificationType = 'success' | 'info' | 'warning' | 'error';

interface Notification {
  id: number;
  type: NotificationType;
  message: string;
}

/**
 * Spec §9: a notification disappears after 3 seconds. An error stays until the student dismisses it or
 * another notification takes its place, and the time stands still while the pointer is over a notification
 * or focus is in it (decision 0019).
 */
export const NOTIFICATION_MS = 3000;

const NotifyContext = createContext<(type: NotificationType, message: string) => void>(() => {});

export function useNotify() {
  return useContext(NotifyContext);
}

const styles: Record<NotificationType, string> = {
  success: 'border-emerald-600 bg-emerald-50 text-emerald-900',
  info: 'border-sky-600 bg-sky-50 text-sky-900',
  warning: 'border-amber-600 bg-amber-50 text-amber-900',
  error: 'border-red-600 bg-red-50 text-red-900',
};

export function NotificationProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<Notification | null>(null);
  const notify = useCallback((type: NotificationType, message: string) => {
    setCurrent({ id: Date.now() + Math.random(), type, message });
  }, []);
  // What holds the shown notification: the pointer over it, focus in it (by notification, so a new one
  // starts free even if the old one went away under the pointer).
  const [pointerOn, setPointerOn] = useState<number | null>(null);
  const [focusIn, setFocusIn] = useState<number | null>(null);
  const held = current !== null && (pointerOn === current.id || focusIn === current.id);
  /** The time the shown notification has left, kept while it is held. */
  const left = useRef({ id: 0, ms: NOTIFICATION_MS });
  /** Where focus was before it came into the notification: it goes back there when the notification goes. */
  const cameFrom = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!current || current.type === 'error' || held) return;
    if (left.current.id !== current.id) left.current = { id: current.id, ms: NOTIFICATION_MS };
    const started = Date.now();
    const timer = setTimeout(() => setCurrent(null), left.current.ms);
    return () => {
      clearTimeout(timer);
      if (left.current.id === current.id) left.current.ms -= Date.now() - started;
    };
  }, [current, held]);

  function dismiss() {
    const back = cameFrom.current;
    cameFrom.current = null;
    setCurrent(null);
    if (back?.isConnected) back.focus();
  }

  function onFocus(event: FocusEvent<HTMLElement>) {
    if (!current) return;
    if (!event.currentTarget.contains(event.relatedTarget))
      cameFrom.current = event.relatedTarget as HTMLElement | null;
    setFocusIn(current.id);
  }

  function onBlur(event: FocusEvent<HTMLElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocusIn(null);
  }

  const value = useMemo(() => notify, [notify]);
  return (
    <NotifyContext.Provider value={value}>
      {children}
      {/* At the foot of the screen, where it covers none of the header's links while it shows. */}
      <div className="notice-dock">
        <div
          className={current ? `notice ${styles[current.type]}` : undefined}
          onPointerEnter={() => current && setPointerOn(current.id)}
          onPointerLeave={() => setPointerOn(null)}
          onFocus={onFocus}
          onBlur={onBlur}
          onKeyDown={(event) => event.key === 'Escape' && current?.type === 'error' && dismiss()}
        >
          {/* The live region stays in the page so screen readers announce each new message. */}
          <div aria-live="polite" role="status">
            {current && (
              <p key={current.id} data-type={current.type} className="py-1.5">
                {current.message}
              </p>
            )}
          </div>
          {current?.type === 'error' && (
            <button type="button" onClick={dismiss} className="notice-dismiss">
              Dismiss
            </button>
          )}
        </div>
      </div>
    </NotifyContext.Provider>
  );
}

/**
 * A message for a browser that runs no scripts, where notifications never appear: it stays in the page,
 * under the header (or where `className` places it), until the next page.
 */
export function NoScriptNotice({
  type,
  message,
  className = 'container-page mt-4',
}: {
  type: NotificationType;
  message: string;
  className?: string;
}) {
  return (
    <noscript>
      <p role="status" className={`${className} rounded-lg border-l-4 px-4 py-3 text-sm font-medium ${styles[type]}`}>
        {message}
      </p>
    </noscript>
  );
}
