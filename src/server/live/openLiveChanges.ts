import { type DataStore, isRedisStore } from '../store/index.ts';
import type { ChangeFeed } from './ChangeFeed.ts';
import { createLocalChangeFeed, type LocalChangeFeedOptions } from './localChangeFeed.ts';
import { createRedisChangeFeed, type RedisChangeFeedOptions } from './redisChangeFeed.ts';

export interface LiveChangesOptions {
  /** Replay log of the memory and sqlite stores. */
  local?: LocalChangeFeedOptions;
  /** Streams of the redis store. */
  redis?: RedisChangeFeedOptions;
}

export interface LiveChanges {
  /** The store to serve the API with: its writes reach the feed. Closing it closes the feed, then the store. */
  store: DataStore;
  feed: ChangeFeed;
}

/**
 * Puts a change feed behind a store. Memory and sqlite: each write is published
 * in this process once the store has made it durable (in the order the store
 * resolves them, which is the order it applied them). Redis: each write is made
 * by the feed's script, value and stream entry in one step.
 * The returned store inherits everything else from the given one (e.g. the
 * redis connection the registry shares).
 */
export async function openLiveChanges(inner: DataStore, options: LiveChangesOptions = {}): Promise<LiveChanges> {
  const store = Object.create(inner) as DataStore;
  let feed: ChangeFeed;
  if (isRedisStore(inner)) {
    const redisFeed = await createRedisChangeFeed(inner, options.redis);
    store.set = (addr, json, from = '') => redisFeed.write({ addr, json, from });
    feed = redisFeed;
  } else {
    const localFeed = createLocalChangeFeed(options.local);
    store.set = async (addr, json, from = '') => {
      await inner.set(addr, json);
      localFeed.publish({ addr, json, from });
    };
    feed = localFeed;
  }
  store.close = async () => {
    await feed.close();
    await inner.close();
  };
  return { store, feed };
}
