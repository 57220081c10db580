/**
 * Time and timers, injected so tests drive them by hand. One shape for the
 * write queue, the host and the SDK, so a page can hand one object to all.
 * The SDK imports it as a type only, so its bundle does not grow.
 */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The real clock of the page. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};
