import type { Clock } from '../../api/index.ts';
import { createLeaseLockOnDemand, createWebLock, type FlusherLock, type LockRequester } from '../tabs/index.ts';
import type { KeyValueStore } from '../storage/index.ts';
import type { Space } from './createQueueStore.ts';

export interface FlusherLockOptions {
  space: Space;
  /** Web Locks; `null` for a lease in the store. @default navigator.locks where the browser has them */
  locks?: LockRequester | null;
  store: KeyValueStore;
  /** This tab's name in a lease. @default a random UUID */
  holder?: string;
  clock: Clock;
  /** For the default holder where `crypto.randomUUID` is missing. */
  random: () => number;
}

/** A Web Lock where the browser has them, else a lease in IndexedDB (its code loaded then); one name per (userId, kind). */
export function createFlusherLock(options: FlusherLockOptions): FlusherLock {
  const { space, clock } = options;
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  if (locks) return createWebLock(`overlay-queue:${space.userId}:${space.kind}`, locks);
  return createLeaseLockOnDemand({
    store: options.store,
    key: ['lease', space.userId, space.kind],
    holder: options.holder ?? newTabId(options.random, clock.now()),
    clock,
  });
}

function newTabId(random: () => number, now: number): string {
  return globalThis.crypto?.randomUUID?.() ?? `tab-${Math.floor(random() * 2 ** 52).toString(36)}-${now.toString(36)}`;
}

function defaultLocks(): LockRequester | null {
  return (globalThis.navigator?.locks as LockRequester | undefined) ?? null;
}
