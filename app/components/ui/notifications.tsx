import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

export type NotificationType = 'success' | 'info' | 'warning' | 'error';

interface Notification {
  id: number;
  type: NotificationType;
  message: string;
}

/** Spec §9: a notification disappears after 3 seconds. */
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

  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setCurrent(null), NOTIFICATION_MS);
    return () => clearTimeout(timer);
  }, [current]);

  const value = useMemo(() => notify, [notify]);
  return (
    <NotifyContext.Provider value={value}>
      {children}
      {/* The live region stays in the page so screen readers announce each new message. */}
      <div
        aria-live="polite"
        role="status"
        className="pointer-events-none fixed inset-x-0 top-3 z-50 flex justify-center px-3"
      >
        {current && (
          <p
            key={current.id}
            data-type={current.type}
            className={`pointer-events-auto max-w-md rounded-lg border-l-4 px-4 py-3 text-sm font-medium shadow-lg ${styles[current.type]}`}
          >
            {current.message}
          </p>
        )}
      </div>
    </NotifyContext.Provider>
  );
}

/**
 * A message for a browser that runs no scripts, where notifications never appear: it stays in the page,
 * under the header, until the next page.
 */
export function NoScriptNotice({ type, message }: { type: NotificationType; message: string }) {
  return (
    <noscript>
      <p
        role="status"
        className={`container-page mt-4 rounded-lg border-l-4 px-4 py-3 text-sm font-medium ${styles[type]}`}
      >
        {message}
      </p>
    </noscript>
  );
}
