import type { FlusherLock, LockRequester } from './FlusherLock.ts';

/**
 * The flusher role as a Web Lock held for as long as the tab wants it. Waiting
 * tabs queue in the browser, which hands the lock on when the holder stops or
 * its tab closes or crashes.
 */
export function createWebLock(name: string, locks: LockRequester): FlusherLock {
  let controller: AbortController | null = null;
  let release: (() => void) | null = null;

  return {
    start(onChange) {
      if (controller) return;
      const own = new AbortController();
      controller = own;
      const held = () =>
        new Promise<void>((resolve) => {
          if (own.signal.aborted) return resolve();
          release = () => {
            resolve();
            onChange(false);
          };
          onChange(true);
        });
      // Rejects with AbortError when stopped while still waiting: nothing to do then.
      locks.request(name, { signal: own.signal }, held).catch(() => undefined);
    },
    stop() {
      controller?.abort();
      controller = null;
      const done = release;
      release = null;
      done?.();
    },
  };
}
