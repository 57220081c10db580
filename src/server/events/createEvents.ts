import type { StreamEvent } from '../../api/index.ts';
import type { EventBus } from './EventBus.ts';
import { EventRelay, type EventSubscription, type Opening } from './eventRelay.ts';
import type { EventStore } from './EventStore.ts';
import { encodeLiveEvent } from './newRecord.ts';

/**
 * A user's stream events: the log (`append` stores AND delivers to every live
 * socket of the user, on every instance), replays, and the live sockets' subscriptions.
 * This is the object every event source calls (`POST /me/events`, an EventSub session).
 */
export interface Events extends EventStore {
  /** Sends a stored event out again on the live channel with `replayed: true`; undefined for an unknown id. */
  replay(userId: string, id: string): Promise<StreamEvent | undefined>;
  /** Subscribes a live socket: messages go to `send` once `begin` is called. Rejects with StoreUnavailableError. */
  subscribe(userId: string, after: string | undefined, send: (message: Buffer) => void): Promise<EventSubscription>;
  /** Called when delivery stops working (Redis gone). */
  onUnavailable(handler: () => void): void;
  /** Stops the bus (not the data store). */
  close(): Promise<void>;
}

export interface EventsOptions {
  /** The log; for memory and sqlite its `onAppended` must publish on `bus`, the redis log publishes itself. */
  store: EventStore;
  bus: EventBus;
  /** Most events replayed on a socket after `eventsAfter`; beyond it, `eventsReset`. @default 1000 */
  maxReplayEvents?: number;
  /** Most bytes replayed on a socket after `eventsAfter` (a replay must not be what gets the client dropped for not reading). @default 512 KiB */
  maxReplayBytes?: number;
  /** Releases what the log holds besides the bus (a sqlite connection). */
  closeStore?: () => void;
}

export function createEvents({ store, bus, maxReplayEvents = 1000, maxReplayBytes = 512 * 1024, closeStore }: EventsOptions): Events {
  const end = async (userId: string) => (await store.list(userId, { limit: 0 })).cursor;
  const reset = (cursor: string): Opening => ({ cursor, first: [Buffer.from(JSON.stringify({ type: 'eventsReset', cursor }))] });
  const open = async (userId: string, after: string | undefined): Promise<Opening> => {
    if (after === undefined) return { cursor: await end(userId), first: [] };
    const page = await store.list(userId, { after, limit: maxReplayEvents + 1 });
    const first = page.events.map(({ cursor, record }) => encodeLiveEvent(cursor, JSON.stringify(record)));
    const bytes = first.reduce((sum, message) => sum + message.length, 0);
    if (page.gap || first.length > maxReplayEvents || bytes > maxReplayBytes) return reset(await end(userId));
    return { cursor: page.cursor, first };
  };
  return {
    append: (userId, event, rate) => store.append(userId, event, rate),
    list: (userId, options) => store.list(userId, options),
    find: (userId, id) => store.find(userId, id),
    since: (userId, sinceMs) => store.since(userId, sinceMs),
    async replay(userId, id) {
      const record = await store.find(userId, id);
      if (!record) return undefined;
      const replayed: StreamEvent = { ...record, replayed: true };
      await bus.publish(userId, { cursor: await end(userId), json: JSON.stringify(replayed), replayed: true });
      return replayed;
    },
    async subscribe(userId, after, send) {
      const relay = new EventRelay(send, bus, userId);
      try {
        await bus.join(userId, relay);
        relay.opened(await open(userId, after));
      } catch (error) {
        relay.leave();
        throw error;
      }
      return relay;
    },
    onUnavailable: (handler) => bus.onUnavailable(handler),
    async close() {
      await bus.close();
      closeStore?.();
    },
  };
}
