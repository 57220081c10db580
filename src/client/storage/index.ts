export type { KeyValueStore, StoreKey } from './KeyValueStore.ts';
export { createDurableStore } from './createDurableStore.ts';
export { openLocalStore } from './openLocalStore.ts';
export type { LocalStore, StorageKind } from './openLocalStore.ts';
