import type { Redis } from 'ioredis';
import type { StreamEvent } from '../../api/index.ts';
import { guardRedis } from '../store/index.ts';
import { comparePositions, formatEventCursor, newEventEpoch, positionIn } from './eventCursor.ts';
import { EventRateExceeded } from './eventRate.ts';
import { resolveRetention } from './EventRetention.ts';
import type { EventLogOptions, EventStore } from './EventStore.ts';
import { newRecord } from './newRecord.ts';
import { APPEND_EVENT, FIND_EVENT, LIST_EVENTS } from './redisEventScripts.ts';
import { EVENT_EPOCH_KEY, eventKeys } from './redisEventKeys.ts';

export interface RedisEventStoreOptions extends Omit<EventLogOptions, 'onAppended'> {
  /** A ready client, usually the redis store's; never closed here. */
  redis: Redis;
}

type Entry = [id: string, fields: string[]];
type ScriptedRedis = Redis & {
  overlayEventAppend(...args: string[]): Promise<[number, string, string, string]>;
  overlayEventList(...args: string[]): Promise<[string, string, string, Entry[]]>;
  overlayEventFind(...args: string[]): Promise<[string, string] | null>;
};

/**
 * The event log in Redis, shared by every instance and kept across restarts:
 * one stream per user (`XADD` gives the accepted order and the cursors), a
 * dedupe key per id, and a list of stream ids per type for the per-type trim.
 * Each append also publishes the record on the user's channel, in the same
 * step, so every instance relays it in stream order.
 */
export function createRedisEventStore(options: RedisEventStoreOptions): EventStore {
  const { now = Date.now, randomId } = options;
  const retention = resolveRetention(options.retention);
  const redis = options.redis as ScriptedRedis;
  redis.defineCommand('overlayEventAppend', { numberOfKeys: 5, lua: APPEND_EVENT });
  redis.defineCommand('overlayEventList', { numberOfKeys: 2, lua: LIST_EVENTS });
  redis.defineCommand('overlayEventFind', { numberOfKeys: 2, lua: FIND_EVENT });
  const read = async (userId: string, from: string, count: number, newest: boolean) => {
    const args = [EVENT_EPOCH_KEY, eventKeys(userId).stream, newEventEpoch(), from, String(count), newest ? 'newest' : 'after'];
    const [epoch, last, dropped, entries] = await guardRedis(() => redis.overlayEventList(...args));
    const events = entries.map(([id, fields]) => ({ cursor: formatEventCursor(epoch, id), record: JSON.parse(fields[1]!) as StreamEvent }));
    return { epoch, end: formatEventCursor(epoch, last), dropped, events: newest ? events.reverse() : events };
  };
  return {
    async append(userId, event, rate) {
      const record = newRecord(event, now(), randomId);
      const keys = eventKeys(userId);
      const oldestKept = String(Math.max(0, record.at - retention.maxAgeMs));
      const limits = rate ? [String(rate.perSecond), String(rate.burst)] : ['', ''];
      const args = [newEventEpoch(), JSON.stringify(record), String(retention.perType), String(retention.maxAgeMs), String(retention.maxPerUser), oldestKept, keys.channel, ...limits];
      const stepKeys = [EVENT_EPOCH_KEY, keys.stream, keys.id(record.id), keys.type(record.subscription.type), keys.rate];
      const [created, epoch, id, json] = await guardRedis(() => redis.overlayEventAppend(...stepKeys, ...args));
      if (created === -1) throw new EventRateExceeded(Number(epoch));
      return { record: created === 1 ? record : (JSON.parse(json) as StreamEvent), cursor: formatEventCursor(epoch, id), created: created === 1 };
    },
    async list(userId, { after, limit }) {
      if (after === undefined) {
        const { end, events } = await read(userId, '', limit, true);
        return { events, cursor: events.at(-1)?.cursor ?? end, gap: false };
      }
      // The epoch is only known from the reply: read from the cursor's position, then throw it away if the epoch differs.
      const claimed = after.slice(after.indexOf(':') + 1);
      let page = await read(userId, /^\d+-\d+$/.test(claimed) ? claimed : '0-0', limit, false);
      const from = positionIn(page.epoch, after);
      const fromId = from?.includes('-') ? from : undefined;
      if (fromId === undefined && claimed !== '0-0') page = await read(userId, '0-0', limit, false);
      const gap = fromId === undefined || comparePositions(fromId, page.dropped) < 0;
      return { events: page.events, cursor: page.events.at(-1)?.cursor ?? page.end, gap };
    },
    async find(userId, id) {
      const keys = eventKeys(userId);
      const found = await guardRedis(() => redis.overlayEventFind(keys.id(id), keys.stream));
      return found ? (JSON.parse(found[1]) as StreamEvent) : undefined;
    },
    async since(userId, sinceMs) {
      // Stream ids carry Redis's clock, `at` ours: start a minute early and filter by `at`.
      const from = String(Math.max(0, sinceMs - 60_000));
      const entries = await guardRedis(() => redis.xrange(eventKeys(userId).stream, from, '+'));
      return entries.map(([, fields]) => JSON.parse(fields[1]!) as StreamEvent).filter((record) => record.at >= sinceMs);
    },
  };
}
