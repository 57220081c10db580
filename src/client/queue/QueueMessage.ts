import * as z from 'zod/mini';
import { type LiveRelay, LiveRelaySchemas } from '../live/index.ts';
import { QueueEntrySchema, type QueueEntry } from './QueueEntry.ts';
import type { SyncNews } from './createSyncBroadcast.ts';

const SyncStateSchema = z.enum(['online', 'offline', 'backing-off', 'auth-required']);

/** What the tabs of one data space tell each other. Parsed on receipt, like any input. */
// A plain union: each option's literal tag fails the others, and the overlay page carries one zod kind less.
export const QueueMessageSchema = z.union([
  /** A module wrote: a `change` for the other tabs, and work for the flusher. */
  z.object({ t: z.literal('written'), entry: QueueEntrySchema }),
  /** An entry changed place or state (requeued, parked, put back in line). */
  z.object({ t: z.literal('updated'), entry: QueueEntrySchema }),
  /** An entry left the queue (confirmed or discarded) at this sequence number. */
  z.object({ t: z.literal('removed'), moduleId: z.string(), name: z.string(), seq: z.number() }),
  /** The flusher's view of the API. */
  z.object({ t: z.literal('sync'), state: SyncStateSchema, online: z.boolean(), lastSyncAt: z.nullable(z.number()) }),
  /** Live sync: the tab holding the connection relays what it heard. */
  ...LiveRelaySchemas,
]);

/** An entry left the queue at `seq` (the other tabs drop what they mirror of it up to there). */
export interface RemovedEntry {
  moduleId: string;
  name: string;
  seq: number;
}

export type QueueMessage =
  | { t: 'written'; entry: QueueEntry }
  | { t: 'updated'; entry: QueueEntry }
  | ({ t: 'removed' } & RemovedEntry)
  | ({ t: 'sync' } & SyncNews)
  | LiveRelay;
