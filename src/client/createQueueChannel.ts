import * as z from 'zod/mini';
import { QueueEntrySchema, type QueueEntry } from './QueueEntry.ts';

const SyncStateSchema = z.enum(['online', 'offline', 'backing-off', 'auth-required']);

/** What tabs of one data space tell each other. Parsed on receipt, like any input. */
export const QueueMessageSchema = z.discriminatedUnion('t', [
  /** A module wrote: a `change` for the other tabs, and work for the flusher. */
  z.object({ t: z.literal('written'), entry: QueueEntrySchema }),
  /** An entry changed place or state (requeued, parked, put back in line). */
  z.object({ t: z.literal('updated'), entry: QueueEntrySchema }),
  /** An entry left the queue (confirmed or discarded) at this sequence number. */
  z.object({ t: z.literal('removed'), moduleId: z.string(), name: z.string(), seq: z.number() }),
  /** The flusher's view of the API. */
  z.object({ t: z.literal('sync'), state: SyncStateSchema, online: z.boolean(), lastSyncAt: z.nullable(z.number()) }),
]);
type Parsed = z.infer<typeof QueueMessageSchema>;
export type QueueMessage =
  | { t: 'written'; entry: QueueEntry }
  | { t: 'updated'; entry: QueueEntry }
  | Extract<Parsed, { t: 'removed' }>
  | Extract<Parsed, { t: 'sync' }>;

/** The part of BroadcastChannel the queue uses. */
export interface ChannelLike {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
}

export interface QueueChannel {
  post(message: QueueMessage): void;
  close(): void;
}

/** Opens a channel named `name`; null where BroadcastChannel is missing. */
export type OpenChannel = (name: string) => ChannelLike | null;

export const openBroadcastChannel: OpenChannel = (name) =>
  typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : null;

/** Wraps a channel: typed posts, received messages parsed, malformed ones dropped. */
export function createQueueChannel(
  name: string,
  onMessage: (message: QueueMessage) => void,
  open: OpenChannel = openBroadcastChannel,
): QueueChannel {
  const channel = open(name);
  if (channel) {
    channel.onmessage = (event) => {
      const parsed = QueueMessageSchema.safeParse(event.data);
      if (parsed.success) onMessage(parsed.data as QueueMessage);
    };
  }
  return {
    post(message) {
      try {
        channel?.postMessage(message);
      } catch {
        // A closed channel (page going away): the other tabs re-read the store anyway.
      }
    },
    close() {
      if (channel) channel.onmessage = null;
      channel?.close();
    },
  };
}
