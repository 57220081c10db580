/**
 * The flusher role of one data space: at most one tab of the origin sends the
 * queue. Sending twice would do no harm (PATCH is idempotent and deletes are
 * compare-and-delete), so the role saves requests; it is not what keeps data safe.
 */
export interface FlusherLock {
  /** Competes for the role; `onChange(true)` once this tab holds it, `onChange(false)` when it lost it. */
  start(onChange: (held: boolean) => void): void;
  /** Gives the role up, or stops waiting for it. */
  stop(): void;
}

/** The part of `navigator.locks` the queue uses. */
export interface LockRequester {
  request(name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>): Promise<unknown>;
}
