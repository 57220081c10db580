import type { ErrorCode, Json } from '../../api/index.ts';
import type { LiveState } from '../live/index.ts';

/**
 * The seam between the module host and the data layer. The host calls it with
 * the caller's own module id (taken from the port, never from a message); the
 * implementation applies the key rules, the write queue and the API.
 */
export interface ModuleData {
  /** Value of `key` as seen by module `ownId`; `undefined` when never set. Rejects with OverlayError. */
  get(ownId: string, key: string): Promise<Json | undefined>;
  /** Stores `value`; resolves once the write is durably queued. Rejects with OverlayError. */
  set(ownId: string, key: string, value: Json): Promise<void>;
  /** Called for every write that lands in this data space (this tab, other tabs, other modules). */
  onChange(listener: (change: DataChange) => void): () => void;
  /** Called whenever the sync status changes. */
  onStatus(listener: (status: SyncStatus) => void): () => void;
  /** The latest status. */
  status(): SyncStatus;
}

/** A write to (moduleId, name) by module `from`. */
export interface DataChange {
  moduleId: string;
  name: string;
  value: Json;
  from: string;
  /** True when the write was made elsewhere: another tab of this overlay, or (live sync) another client. */
  remote?: boolean;
}

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
  live: LiveState;
  /** While polling, why (shown in debug mode). */
  liveReason?: string;
}
