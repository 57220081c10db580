import { performance } from 'node:perf_hooks';

/** What hears a value: a page's listener (LiveListener) or a socket in this process (SocketListener). */
export interface ValueListener {
  /** Resolves when `value` is heard. */
  next(value: number): Promise<void>;
}

/**
 * Milliseconds from `send()` until `listener` heard `value`. The answer is
 * awaited too (before the next run), and one that is not 2xx throws.
 */
export async function timeUntilHeard(listener: ValueListener, value: number, send: () => Promise<Response>): Promise<number> {
  const heard = listener.next(value);
  const startedAt = performance.now();
  const answer = send();
  await heard;
  const elapsed = performance.now() - startedAt;
  const response = await answer;
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}`);
  return elapsed;
}
