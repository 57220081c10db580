export type { KeyValueStore, StoreKey } from './KeyValueStore.ts';
export { createDurableStore } from './createDurableStore.ts';
export { createMemoryKeyValue } from './createMemoryKeyValue.ts';
export { LOCAL_DB_NAME, LOCAL_STORE_NAME, openLocalStore } from './openLocalStore.ts';
export type { LocalStore, LocalStoreOptions, StorageKind } from './openLocalStore.ts';
