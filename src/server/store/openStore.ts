import type { DataStore } from './DataStore.ts';
import { createMemoryStore } from './memoryStore.ts';
import { parseStoreUrl, type StoreSpec } from './parseStoreUrl.ts';
import type { RedisConnectionOptions } from './redisConnection.ts';
import { openRedisStore } from './redisStore.ts';
import { createSqliteStore } from './sqliteStore.ts';

/**
 * Opens the store a URL or spec names. A redis store resolves once Redis
 * answers (logging while it waits), so that start-up with Redis down waits.
 */
export async function openStore(store: string | StoreSpec, redisOptions: RedisConnectionOptions = {}): Promise<DataStore> {
  const spec = typeof store === 'string' ? parseStoreUrl(store) : store;
  switch (spec.type) {
    case 'memory':
      return createMemoryStore();
    case 'sqlite':
      return createSqliteStore({ path: spec.path, synchronous: spec.synchronous });
    case 'redis':
      return openRedisStore(spec, redisOptions);
  }
}
