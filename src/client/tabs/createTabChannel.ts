import * as z from 'zod/mini';

/** The part of BroadcastChannel a tab channel uses. */
export interface ChannelLike {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
}

/** Opens a channel named `name`; null where BroadcastChannel is missing. */
export type OpenChannel = (name: string) => ChannelLike | null;

export const openBroadcastChannel: OpenChannel = (name) =>
  typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : null;

/** What checks a received message: a zod schema does. */
export interface MessageSchema {
  safeParse(data: unknown): { success: true; data: unknown } | { success: false };
}

export interface TabChannelOptions<M> {
  /** Every tab of one data space opens the same name. */
  name: string;
  /** Checks what arrives; its output must have the type `M` (the caller pairs them). */
  schema: MessageSchema;
  onMessage(message: M): void;
  /** @default a BroadcastChannel where present */
  open?: OpenChannel;
}

export interface TabChannel<M> {
  post(message: M): void;
  close(): void;
}

/** Several messages posted in one turn travel as one: a burst of writes is one post, not one per write. */
const BatchSchema = z.object({ t: z.literal('batch'), messages: z.array(z.unknown()) });

/**
 * Wraps a channel between the tabs of one browser: typed posts, received
 * messages parsed with the caller's schema, malformed ones dropped. Messages
 * posted in the same turn leave together, in order, at its end.
 */
export function createTabChannel<M>(options: TabChannelOptions<M>): TabChannel<M> {
  const { schema, onMessage } = options;
  const channel = (options.open ?? openBroadcastChannel)(options.name);
  const deliver = (data: unknown) => {
    const parsed = schema.safeParse(data);
    if (parsed.success) onMessage(parsed.data as M);
  };
  if (channel) {
    channel.onmessage = (event) => {
      const batch = BatchSchema.safeParse(event.data);
      if (batch.success) for (const message of batch.data.messages) deliver(message);
      else deliver(event.data);
    };
  }
  let outbox: M[] = [];
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
