import type { StreamEvent } from '../../../api/index.ts';
import type { Appended, EventStore, NewEvent } from '../../events/index.ts';

/**
 * A small EventStore for the Twitch tests: keeps records per user in order and
 * dedupes by id, as the interface promises; `appended` lists every call, kept or not.
 */
export function createTestEventStore(now: () => number = Date.now) {
  const byUser = new Map<string, StreamEvent[]>();
  const appended: { userId: string; event: NewEvent; created: boolean }[] = [];
  const store: EventStore & { records(userId: string): StreamEvent[]; appended: typeof appended } = {
    appended,
    records: (userId) => byUser.get(userId) ?? [],
    async append(userId, event): Promise<Appended> {
      const list = byUser.get(userId) ?? [];
      byUser.set(userId, list);
      const id = event.id ?? `generated-${list.length + 1}`;
      const existing = list.findIndex((record) => record.id === id);
      appended.push({ userId, event, created: existing === -1 });
      if (existing !== -1) return { record: list[existing]!, cursor: String(existing), created: false };
      const record = { id, at: now(), source: event.source, test: event.test ?? false, subscription: { type: event.type, version: event.version ?? '1' }, event: event.event } as StreamEvent;
      list.push(record);
      return { record, cursor: String(list.length - 1), created: true };
    },
    async list(userId) {
      const events = (byUser.get(userId) ?? []).map((record, index) => ({ cursor: String(index), record }));
      return { events, cursor: String(events.length - 1), gap: false };
    },
    async find(userId, id) {
      return byUser.get(userId)?.find((record) => record.id === id);
    },
    async since(userId, sinceMs) {
      return (byUser.get(userId) ?? []).filter((record) => record.at >= sinceMs);
    },
  };
  return store;
}
