import type { Clock } from '../../api/index.ts';
import type { KeyValueStore } from '../storage/index.ts';
import { createLeaseLockOnDemand, createWebLock, type FlusherLock, type LockRequester } from '../tabs/index.ts';

export interface AlertLockOptions {
  userId: string;
  /** `null` for a lease in `storage`. @default navigator.locks where the browser has them */
  locks?: LockRequester | null;
  storage: KeyValueStore;
  holder: string;
  clock: Clock;
}

/** Who leads the alert queue: a Web Lock where the browser has them, else a lease in IndexedDB (as the write queue's flusher). */
export function createAlertLock(options: AlertLockOptions): FlusherLock {
  const { userId, storage, holder, clock } = options;
  const locks = options.locks === undefined ? ((globalThis.navigator?.locks as LockRequester | undefined) ?? null) : options.locks;
  if (locks) return createWebLock(`overlay-alerts:${userId}`, locks);
  return createLeaseLockOnDemand({ store: storage, key: ['alerts-lease', userId], holder, clock });
}
