export type { DataAddress, DataStore, StoredEntry } from './DataStore.ts';
export { StoreUnavailableError } from './DataStore.ts';
export { createMemoryStore } from './memoryStore.ts';
export { openStore } from './openStore.ts';
export { parseStoreUrl, type StoreSpec } from './parseStoreUrl.ts';
export { createSqliteStore, type SqliteStoreOptions } from './sqliteStore.ts';
