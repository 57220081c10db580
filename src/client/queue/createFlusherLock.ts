import type { Clock } from '../../api/index.ts';
import { createLeaseLockOnDemand, createWebLock, type FlusherLock, type LockRequester } from '../tabs/index.ts';
import type { KeyValueStore } from '../storage/index.ts';
import type { Space } from './createQueueStore.ts';

export interface FlusherLockOptions {
  space: Space;
  /** Web Locks; without them a lease in the store. */
  locks: LockRequester | null;
  store: KeyValueStore;
  holder: string;
  clock: Clock;
}

/** A Web Lock where the browser has them, else a lease in IndexedDB (its code loaded then); one name per (userId, kind). */
export function createFlusherLock(options: FlusherLockOptions): FlusherLock {
  const { space, locks } = options;
  if (locks) return createWebLock(`overlay-queue:${space.userId}:${space.kind}`, locks);
  return createLeaseLockOnDemand({
    store: options.store,
    key: ['lease', space.userId, space.kind],
    holder: options.holder,
    clock: options.clock,
  });
}
