import type { StreamEvent } from '../../api/index.ts';
import { comparePositions, formatEventCursor, newEventEpoch, positionIn } from './eventCursor.ts';
import { createEventBuckets } from './eventRate.ts';
import { resolveRetention } from './EventRetention.ts';
import type { EventHistory, EventLogOptions, EventStore } from './EventStore.ts';
import { newRecord } from './newRecord.ts';

interface Held {
  position: number;
  record: StreamEvent;
  json: string;
}

interface UserLog {
  /** In accepted order (a Map keeps insertion order, and deletes in O(1)). */
  entries: Map<number, Held>;
  byId: Map<string, Held>;
  /** Positions per type, oldest first. */
  byType: Map<string, number[]>;
  /** The highest position ever dropped: a cursor below it has a gap after it. */
  dropped: number;
}

/** The event log of one process: gone at restart (a cursor from before it is answered with `gap`). */
export function createMemoryEventStore(options: EventLogOptions = {}): EventStore {
  const { now = Date.now, randomId, onAppended } = options;
  const retention = resolveRetention(options.retention);
  const epoch = newEventEpoch();
  const users = new Map<string, UserLog>();
  let last = 0;
  const take = createEventBuckets(now);
  const cursorOf = (position: number) => formatEventCursor(epoch, position);
  const logOf = (userId: string) => {
    let log = users.get(userId);
    if (!log) {
      log = { entries: new Map(), byId: new Map(), byType: new Map(), dropped: 0 };
      users.set(userId, log);
    }
    return log;
  };
  const drop = (log: UserLog, held: Held) => {
    log.entries.delete(held.position);
    log.byId.delete(held.record.id);
    log.dropped = Math.max(log.dropped, held.position);
  };
  const trim = (log: UserLog, type: string, at: number) => {
    const positions = log.byType.get(type)!;
    while (positions.length > retention.perType) {
      const oldest = log.entries.get(positions.shift()!);
      if (oldest) drop(log, oldest);
    }
    for (const held of log.entries.values()) {
      if (held.record.at >= at - retention.maxAgeMs && log.entries.size <= retention.maxPerUser) break;
      drop(log, held);
    }
  };
  return {
    async append(userId, event, rate) {
      if (rate) take(userId, rate);
      const log = logOf(userId);
      const known = event.id === undefined ? undefined : log.byId.get(event.id);
      if (known) return { record: structuredClone(known.record), cursor: cursorOf(known.position), created: false };
      const record = newRecord(event, now(), randomId);
      const held = { position: ++last, record, json: JSON.stringify(record) };
      log.entries.set(held.position, held);
      log.byId.set(record.id, held);
      const type = record.subscription.type;
      const positions = log.byType.get(type);
      if (positions) positions.push(held.position);
      else log.byType.set(type, [held.position]);
      trim(log, type, record.at);
      onAppended?.(userId, cursorOf(held.position), held.json);
      return { record: structuredClone(record), cursor: cursorOf(held.position), created: true };
    },
    async list(userId, { after, limit }) {
      const log = users.get(userId);
      const all = log ? [...log.entries.values()] : [];
      const from = positionIn(epoch, after);
      const gap = after !== undefined && (from === undefined || comparePositions(from, String(log?.dropped ?? 0)) < 0);
      const chosen = after === undefined ? all.slice(Math.max(0, all.length - limit)) : all.filter((held) => from === undefined || held.position > Number(from)).slice(0, limit);
      return pageOf(chosen, cursorOf, cursorOf(last), gap);
    },
    async find(userId, id) {
      const held = users.get(userId)?.byId.get(id);
      return held && structuredClone(held.record);
    },
    async since(userId, sinceMs) {
      const log = users.get(userId);
      return log ? [...log.entries.values()].filter((held) => held.record.at >= sinceMs).map((held) => structuredClone(held.record)) : [];
    },
  };
}

/** A page of held entries: its cursor is the last one's, or the current end when it is empty. */
function pageOf(chosen: Held[], cursorOf: (position: number) => string, end: string, gap: boolean): EventHistory {
  const events = chosen.map((held) => ({ cursor: cursorOf(held.position), record: structuredClone(held.record) }));
  return { events, cursor: events.at(-1)?.cursor ?? end, gap };
}
