/** The p-th percentile (0–100) of some measurements, by the nearest-rank method. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
