import type { Redis } from 'ioredis';
import { dataKey, guardRedis, liveKey, modulesKey, namesKey, type RedisStore, StoreUnavailableError, waitForRedis } from '../store/index.ts';
import { type Change, type ChangeFeed, DEFAULT_REPLAY_BYTES, type JournaledWrite, REPLAY_OVERHEAD, type Space } from './ChangeFeed.ts';
import { formatCursor, newEpoch, parseCursor } from './cursor.ts';
import { batchWrites } from './batchWrites.ts';
import { type ChannelSubscriber, NOTICE, RedisChannels } from './RedisChannels.ts';
import { START_SCRIPT, WRITE_SCRIPT } from './redisScripts.ts';
import { isStreamId } from './streamReplay.ts';

export interface RedisChangeFeedOptions {
  /** Entries kept per space's stream for replay (trimmed with `~`, so a little more may stay). @default 1000 */
  replayEntries?: number;
  /** A space's stream expires this long after its last write; older cursors get `reset`. @default 24 hours */
  replayTtlMs?: number;
}

/** The redis feed also makes the writes: value and stream entry go together in one script. */
export interface RedisChangeFeed extends ChangeFeed {
  write(write: JournaledWrite): Promise<void>;
}

const EPOCH_KEY = 'live:epoch';

type StartReply = [epoch: string, seconds: string, micros: string, last: string, whole: number, entries: [string, string[]][]];
type ScriptedRedis = Redis & {
  overlayLiveWrites(keyCount: number, ...args: string[]): Promise<number>;
  overlayLiveStart(...args: string[]): Promise<StartReply>;
};

/**
 * Redis's feed: each space has a stream (`live:<userId>:<kind>`) that keeps its
 * recent writes for replay and gives the cursors, shared by every instance;
 * the same entries are published on a channel of the same name, to which an
 * instance subscribes while it has connections listening to that space.
 * When either connection drops, the feed reports itself unavailable (live
 * connections then close with 1013 and resume through the stream).
 */
export async function createRedisChangeFeed(store: RedisStore, options: RedisChangeFeedOptions = {}): Promise<RedisChangeFeed> {
  const { replayEntries = 1000, replayTtlMs = 24 * 60 * 60 * 1000 } = options;
  const redis = store.redis as ScriptedRedis;
  redis.defineCommand('overlayLiveWrites', { lua: WRITE_SCRIPT });
  redis.defineCommand('overlayLiveStart', { numberOfKeys: 2, lua: START_SCRIPT });
  // Subscriptions need a connection of their own; channels are never restored after a drop.
  const sub = redis.duplicate({ autoResubscribe: false, enableAutoPipelining: false });
  sub.on('error', () => {});
  await waitForRedis(sub);
  let epoch = '';
  const channels = new RedisChannels(sub, () => epoch);
  const unavailable: (() => void)[] = [];
  let closing = false;
  const onDrop = () => {
    if (!closing) for (const handler of unavailable) handler();
  };
  redis.on('close', onDrop);
  sub.on('close', () => {
    channels.forgetAll();
    onDrop();
  });
  const start = async (key: string, since: string | undefined, subscriber: ChannelSubscriber, maxBytes: number) => {
    const cursor = since === undefined ? undefined : parseCursor(since);
    const sinceId = cursor && isStreamId(cursor.position) ? cursor.position : '';
    const args = [newEpoch(), cursor?.epoch ?? '', sinceId, String(replayTtlMs), String(maxBytes), String(REPLAY_OVERHEAD)];
    const reply = await guardRedis(() => redis.overlayLiveStart(EPOCH_KEY, key, ...args));
    epoch = reply[0];
    const { nowId, replayed, whole } = startOf(reply);
    subscriber.listener.start({ cursor: formatCursor(epoch, nowId), replayed, reset: since !== undefined && !whole });
    channels.started(subscriber, nowId);
  };
  return {
    async subscribe(space, since, listener, maxReplayBytes = DEFAULT_REPLAY_BYTES) {
      const key = streamKey(space);
      const subscriber: ChannelSubscriber = { listener, lastId: undefined, held: [] };
      let leave: (() => void) | undefined;
      try {
        leave = await channels.join(key, subscriber);
        await start(key, since, subscriber, maxReplayBytes);
        return leave;
      } catch (error) {
        leave?.();
        throw error instanceof StoreUnavailableError ? error : new StoreUnavailableError(`redis unavailable: ${(error as Error).message}`);
      }
    },
    async notify(space, message) {
      await guardRedis(() => redis.publish(streamKey(space), `${NOTICE}${message}`));
    },
    write: batchWrites((writes: JournaledWrite[]) => writeAll(redis, store, writes, replayEntries, replayTtlMs), MAX_BATCH),
    onUnavailable(handler) {
      unavailable.push(handler);
    },
    async close() {
      closing = true;
      redis.off('close', onDrop);
      sub.disconnect();
    },
  };
}

/** Writes per script call: bounds how long one call holds Redis (about 10 µs a write). */
const MAX_BATCH = 256;

/** A batch of PATCHes on the redis store: for each, value, index entries, stream entry and published message, all in one script call. */
async function writeAll(redis: ScriptedRedis, store: RedisStore, writes: JournaledWrite[], entries: number, ttlMs: number): Promise<void> {
  const keys: string[] = [];
  const args = [store.valueTtlSeconds === undefined ? '' : String(store.valueTtlSeconds), String(entries), String(ttlMs)];
  for (const { addr, json, from } of writes) {
    keys.push(dataKey(addr), streamKey(addr), namesKey(addr.userId, addr.kind, addr.moduleId), modulesKey(addr.userId, addr.kind));
    args.push(json, addr.moduleId, addr.name, from, JSON.stringify([addr.moduleId, addr.name, from]));
  }
  await guardRedis(() => redis.overlayLiveWrites(keys.length, ...keys, ...args));
}

/** A listener's start from the start script's reply: "now", and the replay, whole or not (the script decided). */
function startOf(reply: StartReply): { nowId: string; replayed: Change[]; whole: boolean } {
  const [epoch, seconds, micros, last, whole, entries] = reply;
  const nowMs = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
  // An empty space's "now": just before any id Redis can still give it.
  const nowId = last || `${nowMs - 1}-0`;
  return { nowId, replayed: whole === 1 ? entries.map(([id, fields]) => toChange(epoch, id, fields)) : [], whole: whole === 1 };
}

/** A stream entry (fields m, n, v, f, in the order the write script gives them) as a change. */
function toChange(epoch: string, id: string, fields: string[]): Change {
  return { cursor: formatCursor(epoch, id), moduleId: fields[1] ?? '', name: fields[3] ?? '', json: fields[5] ?? 'null', from: fields[7] ?? '' };
}

function streamKey({ userId, kind }: Space): string {
  return liveKey(userId, kind);
}

