import { type DataStore, isRedisStore } from '../store/index.ts';
import { createMemorySessionStore } from './memorySessionStore.ts';
import { createRedisSessionStore } from './redisSessionStore.ts';
import type { SessionStore } from './SessionStore.ts';
import { createSqliteSessionStore } from './sqliteSessionStore.ts';

/** The session store beside an open data store: its Redis, its SQLite file, or memory. */
export function openSessionStore(store: DataStore, now: () => number = Date.now): SessionStore {
  if (isRedisStore(store)) return createRedisSessionStore(store.redis);
  if (store.kind === 'sqlite' && store.file) return createSqliteSessionStore(store.file, now);
  return createMemorySessionStore(now);
}
