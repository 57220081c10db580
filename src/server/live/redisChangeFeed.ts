import type { Redis } from 'ioredis';
import { dataKey, escapeKeyPart, guardRedis, type RedisStore, StoreUnavailableError, waitForRedis } from '../store/index.ts';
import type { Change, ChangeFeed, FeedListener, JournaledWrite, Space } from './ChangeFeed.ts';
import { encodeChange } from './ChangeFeed.ts';
import { formatCursor, newEpoch, parseCursor } from './cursor.ts';
import { START_SCRIPT, WRITE_SCRIPT } from './redisScripts.ts';
import { compareStreamIds, isStreamId, replayDecision, type StreamState } from './streamReplay.ts';

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

interface Subscriber {
  listener: FeedListener;
  /** Stream id of the last change given; `undefined` until started, while live messages wait in `held`. */
  lastId: string | undefined;
  held: string[];
}

interface Channel {
  subscribers: Set<Subscriber>;
  ready: Promise<unknown>;
}

type ScriptedRedis = Redis & {
  overlayLiveWrite(...args: string[]): Promise<string>;
  overlayLiveStart(...args: string[]): Promise<[string, string, string, string, string, number, number, [string, string[]][]]>;
};

/**
 * Redis's feed: each space has a stream (`live:<userId>:<kind>`) that keeps its
 * recent writes for replay and gives the cursors, shared by every instance;
 * the same entries are published on a channel of the same name, to which an
 * instance subscribes while it has connections listening to that space.
 */
export async function createRedisChangeFeed(store: RedisStore, options: RedisChangeFeedOptions = {}): Promise<RedisChangeFeed> {
  const { replayEntries = 1000, replayTtlMs = 24 * 60 * 60 * 1000 } = options;
  const redis = store.redis as ScriptedRedis;
  redis.defineCommand('overlayLiveWrite', { numberOfKeys: 2, lua: WRITE_SCRIPT });
  redis.defineCommand('overlayLiveStart', { numberOfKeys: 2, lua: START_SCRIPT });
  // Subscriptions need a connection of their own; channels are never restored after a drop (connections get 1013 instead).
  const sub = redis.duplicate({ autoResubscribe: false, enableAutoPipelining: false });
  sub.on('error', () => {});
  await waitForRedis(sub);
  const channels = new Map<string, Channel>();
  const unavailable: (() => void)[] = [];
  let epoch = '';
  let closing = false;
  const onDrop = () => {
    if (closing) return;
    for (const handler of unavailable) handler();
  };
  redis.on('close', onDrop);
  sub.on('close', onDrop);
  sub.on('message', (channel: string, message: string) => deliver(channels.get(channel), message, epoch));

  const subscribe = async (space: Space, since: string | undefined, listener: FeedListener) => {
    const key = streamKey(space);
    let channel = channels.get(key);
    if (!channel) {
      channel = { subscribers: new Set(), ready: guardRedis(() => sub.subscribe(key)) };
      channels.set(key, channel);
    }
    const own = channel;
    const subscriber: Subscriber = { listener, lastId: undefined, held: [] };
    own.subscribers.add(subscriber);
    const unsubscribe = () => {
      own.subscribers.delete(subscriber);
      if (own.subscribers.size > 0 || channels.get(key) !== own) return;
      channels.delete(key);
      sub.unsubscribe(key).catch(() => {});
    };
    try {
      await own.ready;
      const cursor = since === undefined ? undefined : parseCursor(since);
      const sinceId = cursor && isStreamId(cursor.position) ? cursor.position : '';
      const reply = await guardRedis(() => redis.overlayLiveStart(EPOCH_KEY, key, newEpoch(), cursor?.epoch ?? '', sinceId));
      epoch = reply[0];
      start(subscriber, reply, since === undefined ? undefined : { epoch: cursor?.epoch, id: sinceId }, replayTtlMs);
    } catch (error) {
      unsubscribe();
      throw error instanceof StoreUnavailableError ? error : new StoreUnavailableError(`redis unavailable: ${(error as Error).message}`);
    }
    return unsubscribe;
  };

  return {
    subscribe,
    async write({ addr, json, from }) {
      const header = JSON.stringify([addr.moduleId, addr.name, from]);
      const ttl = store.valueTtlSeconds === undefined ? '' : String(store.valueTtlSeconds);
      const args = [json, ttl, String(replayEntries), addr.moduleId, addr.name, from, header, String(replayTtlMs)];
      await guardRedis(() => redis.overlayLiveWrite(dataKey(addr), streamKey(addr), ...args));
    },
    onUnavailable(handler) {
      unavailable.push(handler);
    },
    async close() {
      closing = true;
      redis.off('close', onDrop);
      channels.clear();
      sub.disconnect();
    },
  };
}

/** Gives the subscriber its start (replay or reset), then the live messages that arrived meanwhile and are newer. */
function start(subscriber: Subscriber, reply: Awaited<ReturnType<ScriptedRedis['overlayLiveStart']>>, since: { epoch?: string; id: string } | undefined, ttlMs: number): void {
  const [epoch, seconds, micros, last, first, added, length, entries] = reply;
  const nowMs = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
  const state: StreamState = { last, first, added: Number(added), length: Number(length), nowMs };
  // An empty space's "now": just before any id Redis can still give it.
  const nowId = last || `${nowMs - 1}-0`;
  const replayable = since !== undefined && since.epoch === epoch && replayDecision(since.id, state, ttlMs);
  const replayed = replayable ? entries.map(([id, fields]) => toChange(epoch, id, fields)) : [];
  subscriber.listener.start({ cursor: formatCursor(epoch, nowId), replayed, reset: since !== undefined && !replayable });
  subscriber.lastId = nowId;
  for (const message of subscriber.held.splice(0)) {
    const { id, change } = decodeMessage(message, epoch);
    if (compareStreamIds(id, subscriber.lastId) <= 0) continue;
    subscriber.lastId = id;
    subscriber.listener.change(change, encodeChange(change));
  }
}

/** One published message (`<id>\n<[moduleId, name, from]>\n<value JSON>`) to every subscriber of its channel. */
function deliver(channel: Channel | undefined, message: string, epoch: string): void {
  if (!channel || channel.subscribers.size === 0) return;
  let decoded: { id: string; change: Change; encoded: Buffer } | undefined;
  for (const subscriber of channel.subscribers) {
    if (subscriber.lastId === undefined) {
      subscriber.held.push(message);
      continue;
    }
    if (!decoded) {
      const { id, change } = decodeMessage(message, epoch);
      decoded = { id, change, encoded: encodeChange(change) };
    }
    const { id, change, encoded } = decoded;
    if (compareStreamIds(id, subscriber.lastId) > 0) {
      subscriber.lastId = id;
      subscriber.listener.change(change, encoded);
    }
  }
}

function decodeMessage(message: string, epoch: string): { id: string; change: Change } {
  const idEnd = message.indexOf('\n');
  const headerEnd = message.indexOf('\n', idEnd + 1);
  const id = message.slice(0, idEnd);
  const [moduleId, name, from] = JSON.parse(message.slice(idEnd + 1, headerEnd)) as [string, string, string];
  return { id, change: { cursor: formatCursor(epoch, id), moduleId, name, json: message.slice(headerEnd + 1), from } };
}

/** A stream entry (fields m, n, v, f, in the order the write script gives them) as a change. */
function toChange(epoch: string, id: string, fields: string[]): Change {
  return { cursor: formatCursor(epoch, id), moduleId: fields[1] ?? '', name: fields[3] ?? '', json: fields[5] ?? 'null', from: fields[7] ?? '' };
}

function streamKey({ userId, kind }: Space): string {
  return `live:${escapeKeyPart(userId)}:${kind}`;
}
