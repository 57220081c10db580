import type { SyncState } from './SyncStatus.ts';

/** The other tabs learn the flusher's last sync time to this step (each change of state at once). */
export const SYNC_TIME_STEP_MS = 1000;

export interface SyncNews {
  state: SyncState;
  online: boolean;
  lastSyncAt: number | null;
}

/**
 * What the flusher tells the other tabs of its view of the API. A drain confirms
 * an entry every few milliseconds; the others need each change of state, and
 * the last sync time to the second, not a message per confirmation.
 */
export interface SyncBroadcast {
  /** Posts `news` if the other tabs would see a difference. */
  tell(news: SyncNews): void;
  /** Forgets what was told (a new flusher starts over). */
  reset(): void;
}

export function createSyncBroadcast(post: (news: SyncNews) => void): SyncBroadcast {
  let told: SyncNews | null = null;
  const worthTelling = (news: SyncNews) =>
    told === null ||
    told.state !== news.state ||
    told.online !== news.online ||
    (told.lastSyncAt === null) !== (news.lastSyncAt === null) ||
    Math.abs((news.lastSyncAt ?? 0) - (told.lastSyncAt ?? 0)) >= SYNC_TIME_STEP_MS;
  return {
    tell(news) {
      if (!worthTelling(news)) return;
      told = { ...news };
      post(told);
    },
    reset() {
      told = null;
    },
  };
}
