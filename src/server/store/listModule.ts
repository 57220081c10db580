import type { Kind } from '../../api/index.ts';
import type { DataStore, StoredEntry } from './DataStore.ts';

/**
 * Every entry of one module of a user and kind, ordered by name: the store's own
 * `listModule` when it has one, else `list` filtered, so a store of your own
 * without it still serves `GET /me/database/values`.
 */
export async function listModule(store: DataStore, userId: string, kind: Kind, moduleId: string): Promise<StoredEntry[]> {
  if (store.listModule) return store.listModule(userId, kind, moduleId);
  const entries = await store.list(userId, kind);
  return entries.filter((entry) => entry.moduleId === moduleId);
}
