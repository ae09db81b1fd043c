const RADIUS = 26;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * Course progress as a ring, captioned. Screen readers hear its name and percentage once, from the ring:
 * `named={false}` where the page names it already (a term of a description list), and the ring says the
 * percentage alone. `captioned={false}` leaves the visible caption out where a card is narrow (a list of
 * exams on a phone); the ring still names itself.
 */
export function ProgressRing({
  percent,
  named = true,
  captioned = true,
}: {
  percent: number;
  named?: boolean;
  captioned?: boolean;
}) {
  const clamped = Math.min(100, Math.max(0, Math.round(percent)));
  return (
    <div className="flex shrink-0 items-center gap-3">
      <svg
        width="64"
        height="64"
        viewBox="0 0 64 64"
        role="img"
        aria-label={named ? `Course progress: ${clamped}%` : `${clamped}%`}
      >
        <circle cx="32" cy="32" r={RADIUS} fill="none" className="stroke-slate-200" strokeWidth="8" />
        <circle
          cx="32"
          cy="32"
          r={RADIUS}
          fill="none"
          className="stroke-brand-600"
          strokeWidth="8"
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - clamped / 100)}
          transform="rotate(-90 32 32)"
        />
        <text x="32" y="37" textAnchor="middle" fontSize="14" fontWeight="700" className="fill-slate-900">
          {clamped}%
        </text>
      </svg>
      {captioned && (
        <span aria-hidden="true" className="text-sm text-slate-700">
          Course progress
        </span>
      )}
    </div>
  );
}
