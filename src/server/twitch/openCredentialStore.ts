import type { Redis } from 'ioredis';
import { connectRedis, type StoreSpec, waitForRedis } from '../store/index.ts';
import { createMemoryCredentialStore } from './memoryCredentialStore.ts';
import { createRedisCredentialStore } from './redisCredentialStore.ts';
import { createSqliteCredentialStore } from './sqliteCredentialStore.ts';
import type { TwitchCredentialStore } from './TwitchCredentials.ts';

/**
 * The credential store beside a data store. `redis` reuses an open connection
 * (the API's); without it one is opened here and closed by `close()` (the login command).
 */
export async function openCredentialStore(spec: StoreSpec, options: { redis?: Redis } = {}): Promise<TwitchCredentialStore> {
  switch (spec.type) {
    case 'memory':
      return createMemoryCredentialStore();
    case 'sqlite':
      return createSqliteCredentialStore(spec.path);
    case 'redis':
      if (options.redis) return createRedisCredentialStore(options.redis);
      return createRedisCredentialStore(await openRedis(spec), { closeRedis: true });
  }
}

async function openRedis(spec: Extract<StoreSpec, { type: 'redis' }>): Promise<Redis> {
  const redis = await connectRedis(spec);
  await waitForRedis(redis);
  return redis;
}
