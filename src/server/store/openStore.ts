import type { DataStore } from './DataStore.ts';
import { createMemoryStore } from './memoryStore.ts';
import { parseStoreUrl, type StoreSpec } from './parseStoreUrl.ts';
import { createSqliteStore } from './sqliteStore.ts';

/** Opens the store a URL or spec names; async so that network stores (redis) fit the same door. */
export async function openStore(store: string | StoreSpec): Promise<DataStore> {
  const spec = typeof store === 'string' ? parseStoreUrl(store) : store;
  switch (spec.type) {
    case 'memory':
      return createMemoryStore();
    case 'sqlite':
      return createSqliteStore({ path: spec.path, synchronous: spec.synchronous });
  }
}
