import type { StreamEvent } from '../../../api/index.ts';
import { createMemoryEventStore, type EventStore, type NewEvent } from '../../events/index.ts';

/**
 * The server's own memory event log, for the Twitch tests, with two views the
 * tests read synchronously: `appended` lists every call (kept or not), and
 * `records(userId)` the records the log kept, in order.
 */
export function createTestEventStore(now: () => number = Date.now) {
  const log = createMemoryEventStore({ now });
  const byUser = new Map<string, StreamEvent[]>();
  const appended: { userId: string; event: NewEvent; created: boolean }[] = [];
  const store: EventStore & { records(userId: string): StreamEvent[]; appended: typeof appended } = {
    appended,
    records: (userId) => byUser.get(userId) ?? [],
    async append(userId, event) {
      const result = await log.append(userId, event);
      appended.push({ userId, event, created: result.created });
      if (result.created) byUser.set(userId, [...(byUser.get(userId) ?? []), result.record]);
      return result;
    },
    list: (userId, options) => log.list(userId, options),
    find: (userId, id) => log.find(userId, id),
    since: (userId, sinceMs) => log.since(userId, sinceMs),
  };
  return store;
}
