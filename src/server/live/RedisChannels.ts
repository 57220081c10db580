import type { Redis } from 'ioredis';
import { guardRedis } from '../store/index.ts';
import type { Change, FeedListener } from './ChangeFeed.ts';
import { encodeChange } from './ChangeFeed.ts';
import { formatCursor } from './cursor.ts';
import { compareStreamIds } from './streamReplay.ts';

/** How the registry's exchange script announces a dropped token on the space's channel (registry/redisRegistry.ts). */
const REVOKED = 'revoked\n';
/** How a notice for the space's sockets travels (`notice\n<message JSON>`): delivered as it is, never replayed. */
export const NOTICE = 'notice\n';

/** One listener of a channel. */
export interface ChannelSubscriber {
  listener: FeedListener;
  /** Stream id of the last change given; `undefined` until started, while live messages wait in `held`. */
  lastId: string | undefined;
  held: string[];
}

interface Channel {
  subscribers: Set<ChannelSubscriber>;
  ready: Promise<unknown>;
}

/**
 * The channels one instance listens to on its subscriber connection (one per
 * space with listeners here), and the delivery of their messages
 * (`<stream id>\n<[moduleId, name, from]>\n<value JSON>`, `revoked\n<token digest>`, or `notice\n<message JSON>`): each message is
 * decoded and encoded once for all the space's listeners, and a listener only
 * gets ids after the last it was given, so replay and live never overlap.
 */
export class RedisChannels {
  private readonly channels = new Map<string, Channel>();

  constructor(
    private readonly sub: Redis,
    private readonly epoch: () => string,
  ) {
    sub.on('message', (channel: string, message: string) => this.deliver(this.channels.get(channel), message));
  }

  /** Adds a not yet started subscriber to `key`'s channel; resolves once Redis confirmed the subscription. */
  async join(key: string, subscriber: ChannelSubscriber): Promise<() => void> {
    let channel = this.channels.get(key);
    if (!channel) {
      channel = { subscribers: new Set(), ready: guardRedis(() => this.sub.subscribe(key)) };
      this.channels.set(key, channel);
    }
    const own = channel;
    own.subscribers.add(subscriber);
    const leave = () => {
      own.subscribers.delete(subscriber);
      if (own.subscribers.size > 0 || this.channels.get(key) !== own) return;
      this.channels.delete(key);
      this.sub.unsubscribe(key).catch(() => {});
    };
    try {
      await own.ready;
    } catch (error) {
      leave();
      throw error;
    }
    return leave;
  }

  /** The subscriber is at `lastId`: give it the held messages after that, then every new one. */
  started(subscriber: ChannelSubscriber, lastId: string): void {
    subscriber.lastId = lastId;
    for (const message of subscriber.held.splice(0)) {
      const { id, change } = decodeMessage(message, this.epoch());
      this.give(subscriber, id, change, encodeChange(change));
    }
  }

  /** The subscriber connection dropped, and its channels with it: later listeners subscribe afresh. */
  forgetAll(): void {
    this.channels.clear();
  }

  private deliver(channel: Channel | undefined, message: string): void {
    if (!channel) return;
    if (message.startsWith(REVOKED)) {
      // Not a write (stream ids are digits): a token of this space was dropped, started or not.
      const digest = message.slice(REVOKED.length);
      for (const subscriber of channel.subscribers) subscriber.listener.revoked?.(digest);
      return;
    }
    if (message.startsWith(NOTICE)) {
      // A subscriber not yet started reads the profile and layout after its `ready` anyway.
      const encoded = Buffer.from(message.slice(NOTICE.length), 'utf8');
      for (const subscriber of channel.subscribers) if (subscriber.lastId !== undefined) subscriber.listener.notice?.(encoded);
      return;
    }
    let decoded: { id: string; change: Change; encoded: Buffer } | undefined;
    for (const subscriber of channel.subscribers) {
      if (subscriber.lastId === undefined) {
        subscriber.held.push(message);
        continue;
      }
      if (!decoded) {
        const { id, change } = decodeMessage(message, this.epoch());
        decoded = { id, change, encoded: encodeChange(change) };
      }
      this.give(subscriber, decoded.id, decoded.change, decoded.encoded);
    }
  }

  private give(subscriber: ChannelSubscriber, id: string, change: Change, encoded: Buffer): void {
    if (subscriber.lastId === undefined || compareStreamIds(id, subscriber.lastId) <= 0) return;
    subscriber.lastId = id;
    subscriber.listener.change(change, encoded);
  }
}

function decodeMessage(message: string, epoch: string): { id: string; change: Change } {
  const idEnd = message.indexOf('\n');
  const headerEnd = message.indexOf('\n', idEnd + 1);
  const id = message.slice(0, idEnd);
  const [moduleId, name, from] = JSON.parse(message.slice(idEnd + 1, headerEnd)) as [string, string, string];
  return { id, change: { cursor: formatCursor(epoch, id), moduleId, name, json: message.slice(headerEnd + 1), from } };
}
