import * as z from 'zod/mini';
import { type LiveRelay, LiveRelaySchemas } from '../live/index.ts';
import { QueueEntrySchema, type QueueEntry } from '../queue/index.ts';

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
  /** Live sync: the tab holding the connection relays what it heard. */
  ...LiveRelaySchemas,
]);
type Parsed = z.infer<typeof QueueMessageSchema>;
export type QueueMessage =
  | { t: 'written'; entry: QueueEntry }
  | { t: 'updated'; entry: QueueEntry }
  | Extract<Parsed, { t: 'removed' }>
  | Extract<Parsed, { t: 'sync' }>
  | LiveRelay;

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

/** Several messages posted in one turn travel as one: a burst of writes is one post, not one per write. */
const BatchSchema = z.object({ t: z.literal('batch'), messages: z.array(z.unknown()) });

/**
 * Wraps a channel: typed posts, received messages parsed, malformed ones
 * dropped. Messages posted in the same turn leave together, in order, at its end.
 */
export function createQueueChannel(
  name: string,
  onMessage: (message: QueueMessage) => void,
  open: OpenChannel = openBroadcastChannel,
): QueueChannel {
  const channel = open(name);
  const deliver = (data: unknown) => {
    const parsed = QueueMessageSchema.safeParse(data);
    if (parsed.success) onMessage(parsed.data as QueueMessage);
  };
  if (channel) {
    channel.onmessage = (event) => {
      const batch = BatchSchema.safeParse(event.data);
      if (batch.success) for (const message of batch.data.messages) deliver(message);
      else deliver(event.data);
    };
  }
  let outbox: QueueMessage[] = [];
  const send = () => {
    const messages = outbox;
    outbox = [];
    if (messages.length === 0) return;
    try {
      channel?.postMessage(messages.length === 1 ? messages[0] : { t: 'batch', messages });
    } catch {
      // A closed channel (page going away): the other tabs re-read the store anyway.
    }
  };
  return {
    post(message) {
      if (!channel) return;
      outbox.push(message);
      if (outbox.length === 1) queueMicrotask(send);
    },
    close() {
      send();
      if (channel) channel.onmessage = null;
      channel?.close();
    },
  };
}
