export interface BackoffOptions {
  /** Ceiling of the first retry's delay. @default 1000 */
  baseMs: number;
  /** Ceiling of any delay the queue picks itself. @default 60000 */
  capMs: number;
  /** Longest `Retry-After` honoured; a larger one is cut to this. @default 900000 (15 min) */
  maxRetryAfterMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1000, capMs: 60_000, maxRetryAfterMs: 15 * 60_000 };

/**
 * Delay before retry number `attempt` (0 for the first): "full jitter", a random
 * delay in [0, min(cap, base * 2^attempt)), so many overlays coming back at once
 * do not retry in step. A server's `Retry-After` is a floor, never shortened.
 */
export function backoffDelay(
  attempt: number,
  retryAfterMs: number | null,
  random: () => number,
  options: BackoffOptions = DEFAULT_BACKOFF,
): number {
  const ceiling = Math.min(options.capMs, options.baseMs * 2 ** Math.min(Math.max(attempt, 0), 30));
  const jitter = Math.floor(Math.min(Math.max(random(), 0), 1) * ceiling);
  if (retryAfterMs === null) return jitter;
  return Math.max(Math.min(retryAfterMs, options.maxRetryAfterMs), jitter);
}
