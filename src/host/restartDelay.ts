/**
 * Delay before the next restart after `failures` failures in a row:
 * exponential from `baseMs`, capped at `maxMs`, with jitter in [50%, 100%].
 */
export function restartDelay(failures: number, baseMs: number, maxMs: number, random: () => number): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(exponential * (0.5 + random() / 2));
}
