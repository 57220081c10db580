import type { Json } from '../../api/index.ts';
import type { DataChange, SyncStatus } from '../queue/index.ts';

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
