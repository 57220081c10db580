import type { ErrorCode, LiveStatus } from '../../api/index.ts';

/** A write the server refused for good (a 4xx other than 401/403); kept, never dropped. */
export interface FailedWrite {
  moduleId: string;
  name: string;
  /** The module that wrote it. */
  from: string;
  code: ErrorCode;
  message: string;
}

export type SyncState = 'online' | 'offline' | 'backing-off' | 'auth-required';

/** What the queue reports; modules receive it as the `status` event. */
export interface SyncStatus {
  state: SyncState;
  /** True when the last contact with the API succeeded. */
  online: boolean;
  /** Writes not yet confirmed by the server. */
  pending: number;
  /** Enqueue time (ms since epoch) of the oldest pending write, or null. */
  oldestPendingAt: number | null;
  /** Time of the last confirmed write or read, or null. */
  lastSyncAt: number | null;
  failed: FailedWrite[];
  /** Where the queue is kept: IndexedDB, or memory when IndexedDB cannot be used. */
  storage: 'indexeddb' | 'memory';
  /** Whether writes made elsewhere arrive live, by polling (the API has no live endpoint, or refused with 4429), or not yet. */
  live: LiveStatus;
  /** While polling, why (shown in debug mode). */
  liveReason?: string;
}
