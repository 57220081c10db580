export type { ApiClient, ApiClientOptions } from './createApiClient.ts';
export { createApiClient } from './createApiClient.ts';
export { ApiError } from './ApiError.ts';
export type { Clock } from './Clock.ts';
export { systemClock } from './Clock.ts';
export type { DataChange, FailedWrite, ModuleData, SyncState, SyncStatus } from './ModuleData.ts';
export type { LocalStore, LocalStoreOptions, StorageKind } from './openLocalStore.ts';
export { openLocalStore } from './openLocalStore.ts';
