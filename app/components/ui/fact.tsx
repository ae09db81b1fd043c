/** A labelled value inside a `<dl>`; `boxed` gives it a card of its own. */
export function Fact({ label, value, boxed = false }: { label: string; value: string; boxed?: boolean }) {
  return (
    <div className={boxed ? 'rounded-lg bg-white p-3 shadow-sm' : undefined}>
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className={boxed ? 'font-semibold text-slate-900' : 'font-medium text-slate-800'}>{value}</dd>
    </div>
  );
}
