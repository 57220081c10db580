/** Timers the SDK uses, injected so tests drive time by hand. */
export interface SdkTimers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The port the SDK talks on; a MessagePort in the browser. */
export interface SdkPort {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
}
