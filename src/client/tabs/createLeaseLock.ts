import type { Clock } from '../../api/index.ts';
import type { FlusherLock } from './FlusherLock.ts';
import type { Lease } from './parseLease.ts';
import type { KeyValueStore, StoreKey } from '../storage/index.ts';

export interface LeaseLockOptions {
  store: KeyValueStore;
  /** The lease's key in the store. */
  key: StoreKey;
  /** This tab's id, unique per page load. */
  holder: string;
  clock: Clock;
  /** How long a lease lasts without renewal; renewed every third of it. @default 10000 */
  ttlMs?: number;
  /**
   * Reads a stored lease (parseLease.ts). Given, not imported: this module is loaded on
   * demand, and a second such module importing zod (the write side has one) would make the
   * bundler split zod off the page's chunk, which costs the page 2 KB gzipped.
   */
  parseLease(stored: unknown): Lease | undefined;
}

/**
 * The flusher role as a lease in IndexedDB, for origins without `navigator.locks`
 * (e.g. plain http on a LAN address). The holder renews it; any tab takes it over
 * once it expired (its holder closed, crashed or was frozen).
 */
export function createLeaseLock(options: LeaseLockOptions): FlusherLock {
  const { store, key, holder, clock, ttlMs = 10_000, parseLease } = options;
  let onChange: ((held: boolean) => void) | null = null;
  let held = false;
  let timer: unknown = null;
  let tick: Promise<void> = Promise.resolve();

  const claim = () =>
    store.update([key], ([stored]) => {
      const lease = parseLease(stored);
      const now = clock.now();
      const free = !lease || lease.holder === holder || lease.expiresAt <= now;
      return { writes: free ? [[key, { holder, expiresAt: now + ttlMs }]] : [], result: free };
    });

  const release = () =>
    store.update([key], ([stored]) => {
      const mine = parseLease(stored)?.holder === holder;
      return { writes: mine ? [[key, undefined]] : [], result: undefined };
    });

  async function renew(): Promise<void> {
    const won = await claim().catch(() => false);
    if (!onChange) return;
    if (won !== held) {
      held = won;
      onChange(won);
    }
    timer = clock.setTimeout(() => {
      tick = renew();
    }, held ? ttlMs / 3 : ttlMs / 2);
  }

  return {
    start(listener) {
      if (onChange) return;
      onChange = listener;
      tick = renew();
    },
    stop() {
      const listener = onChange;
      onChange = null;
      clock.clearTimeout(timer);
      if (held) {
        held = false;
        listener?.(false);
      }
      // After any claim in flight, so a lease won at the last moment is given back too.
      tick = tick.then(release).catch(() => undefined);
    },
  };
}
