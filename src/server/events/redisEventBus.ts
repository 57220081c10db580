import type { Redis } from 'ioredis';
import { guardRedis, waitForRedis } from '../store/index.ts';
import type { BusListener, BusMessage, EventBus } from './EventBus.ts';
import { eventKeys } from './redisEventKeys.ts';

/** The wire form on a user's channel: `n` (new) or `r` (replay), the cursor, the record JSON, one per line. */
export function encodeBusMessage({ cursor, json, replayed }: BusMessage): string {
  return `${replayed ? 'r' : 'n'}\n${cursor}\n${json}`;
}

function decodeBusMessage(text: string): BusMessage {
  const cursorEnd = text.indexOf('\n', 2);
  return { replayed: text[0] === 'r', cursor: text.slice(2, cursorEnd), json: text.slice(cursorEnd + 1) };
}

/**
 * The bus through Redis pub/sub: one channel per user (`events:<userId>`),
 * subscribed on a connection of this bus while the instance has a live socket
 * of that user. New records are published by the append script itself;
 * replays by `publish`. Redis delivers one connection's messages in order.
 */
export async function createRedisEventBus(redis: Redis): Promise<EventBus> {
  const sub = redis.duplicate({ autoResubscribe: false, enableAutoPipelining: false });
  sub.on('error', () => {});
  await waitForRedis(sub);
  const channels = new Map<string, { listeners: Set<BusListener>; ready: Promise<unknown> }>();
  const unavailable: (() => void)[] = [];
  let closing = false;
  sub.on('message', (channel: string, text: string) => {
    const listeners = channels.get(channel)?.listeners;
    if (!listeners || listeners.size === 0) return;
    const message = decodeBusMessage(text);
    for (const listener of listeners) listener.heard(message);
  });
  sub.on('close', () => {
    channels.clear();
    if (!closing) for (const handler of unavailable) handler();
  });
  return {
    async join(userId, listener) {
      const name = eventKeys(userId).channel;
      let channel = channels.get(name);
      if (!channel) {
        channel = { listeners: new Set(), ready: guardRedis(() => sub.subscribe(name)) };
        channels.set(name, channel);
      }
      channel.listeners.add(listener);
      await channel.ready;
    },
    leave(userId, listener) {
      const name = eventKeys(userId).channel;
      const own = channels.get(name);
      if (!own?.listeners.delete(listener) || own.listeners.size > 0) return;
      channels.delete(name);
      sub.unsubscribe(name).catch(() => {});
    },
    async publish(userId, message) {
      await guardRedis(() => redis.publish(eventKeys(userId).channel, encodeBusMessage(message)));
    },
    onUnavailable(handler) {
      unavailable.push(handler);
    },
    async close() {
      closing = true;
      sub.disconnect();
    },
  };
}
