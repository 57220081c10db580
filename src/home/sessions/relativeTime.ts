const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** `at` from `now` in words: `just now` within a minute, else `5 minutes ago`, `in 30 days`, `yesterday`. */
export function relativeTime(at: number, now: number): string {
  const delta = at - now;
  if (Math.abs(delta) < 60_000) return 'just now';
  const [unit, ms] = UNITS.find(([, size]) => Math.abs(delta) >= size)!;
  return format.format(Math.round(delta / ms), unit);
}
