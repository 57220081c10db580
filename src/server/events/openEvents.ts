import { type DataStore, isRedisStore } from '../store/index.ts';
import { createEvents, type Events } from './createEvents.ts';
import { createLocalEventBus, type EventBus } from './EventBus.ts';
import type { EventRetention } from './EventRetention.ts';
import type { EventStore, OnAppended } from './EventStore.ts';
import { createMemoryEventStore } from './memoryEventStore.ts';
import { createRedisEventBus } from './redisEventBus.ts';
import { createRedisEventStore } from './redisEventStore.ts';
import { createSqliteEventStore } from './sqliteEventStore.ts';

export interface OpenEventsOptions {
  /** What is kept. @default DEFAULT_EVENT_RETENTION */
  retention?: Partial<EventRetention>;
  /** Current time in ms (the records' `at`). @default Date.now */
  now?: () => number;
  /** Bounds of the replay after `eventsAfter` on a live socket. */
  maxReplayEvents?: number;
  maxReplayBytes?: number;
}

/**
 * The event log that goes with a data store: in Redis for the redis store
 * (shared by every instance), in the same file for sqlite, in memory otherwise;
 * with the bus that carries new records to the live sockets.
 */
export async function openEvents(store: DataStore, options: OpenEventsOptions = {}): Promise<Events> {
  const { retention, now, maxReplayEvents, maxReplayBytes } = options;
  if (isRedisStore(store)) {
    const bus = await createRedisEventBus(store.redis);
    return createEvents({ store: createRedisEventStore({ redis: store.redis, retention, now }), bus, maxReplayEvents, maxReplayBytes });
  }
  if (store.kind !== 'sqlite' || !store.file) return createMemoryEvents(options);
  const bus: EventBus = createLocalEventBus();
  // The local bus calls its listeners before `publish` returns: delivery happens inside the append, in accepted order.
  const onAppended: OnAppended = (userId, cursor, json) => void bus.publish(userId, { cursor, json, replayed: false });
  const log = createSqliteEventStore({ path: store.file, retention, now, onAppended });
  return createEvents({ store: log, bus, maxReplayEvents, maxReplayBytes, closeStore: () => log.close() });
}

/** Events in this process's memory, gone at restart. */
export function createMemoryEvents(options: OpenEventsOptions = {}): Events {
  const { retention, now, maxReplayEvents, maxReplayBytes } = options;
  const bus = createLocalEventBus();
  const onAppended: OnAppended = (userId, cursor, json) => void bus.publish(userId, { cursor, json, replayed: false });
  const log: EventStore = createMemoryEventStore({ retention, now, onAppended });
  return createEvents({ store: log, bus, maxReplayEvents, maxReplayBytes });
}
