/** A busy indicator with its text visible, so everyone knows what is being waited for. */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-slate-700">
      <span
        aria-hidden="true"
        className="h-6 w-6 animate-spin rounded-full border-4 border-slate-300 border-t-brand-600"
      />
      <span>{label}</span>
    </div>
  );
}
