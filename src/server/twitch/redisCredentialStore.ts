import type { Redis } from 'ioredis';
import { closeRedis } from '../store/index.ts';
import type { TwitchCredentialStore, TwitchCredentials } from './TwitchCredentials.ts';

/**
 * One hash, `twitch:credentials`, field per user: outside the `database:` key
 * space the data API reads, so no module reaches it; shared by every instance.
 */
export const CREDENTIALS_KEY = 'twitch:credentials';

export function createRedisCredentialStore(redis: Redis, options: { closeRedis?: boolean } = {}): TwitchCredentialStore {
  return {
    async get(userId) {
      const json = await redis.hget(CREDENTIALS_KEY, userId);
      return json === null ? undefined : (JSON.parse(json) as TwitchCredentials);
    },
    async set(userId, credentials) {
      await redis.hset(CREDENTIALS_KEY, userId, JSON.stringify(credentials));
    },
    async delete(userId) {
      await redis.hdel(CREDENTIALS_KEY, userId);
    },
    async list() {
      const all = await redis.hgetall(CREDENTIALS_KEY);
      return Object.entries(all)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([userId, json]) => ({ userId, credentials: JSON.parse(json) as TwitchCredentials }));
    },
    async close() {
      if (options.closeRedis) await closeRedis(redis);
    },
  };
}
