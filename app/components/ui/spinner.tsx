/**
 * The turning ring that says something is under way. With reduced motion it does not turn: it fades in and
 * out slowly, which still says the page is at work.
 */
export function SpinnerMark() {
  return (
    <span
      aria-hidden="true"
      className="size-6 shrink-0 animate-pulse rounded-full border-4 border-slate-300 border-t-brand-600 motion-safe:animate-spin"
    />
  );
}

/** A busy indicator with its text visible, so everyone knows what is being waited for. */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-slate-700">
      <SpinnerMark />
      <span>{label}</span>
    </div>
  );
}
