import { type DataStore, isRedisStore } from '../store/index.ts';
import type { AlertStore } from './AlertStore.ts';
import { createMemoryAlertStore } from './memoryAlertStore.ts';
import { createRedisAlertStore } from './redisAlertStore.ts';
import { createSqliteAlertStore } from './sqliteAlertStore.ts';

/** The alert store beside an open data store: its Redis, its SQLite file, or memory. */
export function openAlertStore(store: DataStore): AlertStore {
  if (isRedisStore(store)) return createRedisAlertStore(store.redis);
  if (store.kind === 'sqlite' && store.file) return createSqliteAlertStore(store.file);
  return createMemoryAlertStore();
}
