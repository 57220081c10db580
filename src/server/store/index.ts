export type { DataAddress, DataStore, StoredEntry } from './DataStore.ts';
export { StoreUnavailableError } from './DataStore.ts';
export { createMemoryStore } from './memoryStore.ts';
export { openStore } from './openStore.ts';
export { parseStoreUrl, type RedisStoreSpec, redactStoreUrl, type StoreSpec } from './parseStoreUrl.ts';
export { closeRedis, connectRedis, describeRedis, type RedisConnectionOptions, waitForRedis } from './redisConnection.ts';
export { createRedisStore, isRedisStore, openRedisStore, type RedisStore, type RedisStoreOptions } from './redisStore.ts';
export { guardRedis, REDIS_RETRY_AFTER_SECONDS } from './redisUnavailable.ts';
export { createSqliteStore, type SqliteStoreOptions } from './sqliteStore.ts';
