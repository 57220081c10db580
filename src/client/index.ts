// The one door of src/client: the API client, the offline write queue, the data seam.
export type { DataChange, FailedWrite, ModuleData, ModuleDataOptions, SyncState, SyncStatus } from './moduleData/index.ts';
export { createModuleData } from './moduleData/index.ts';
export type { ApiClient, ApiClientOptions } from './http/index.ts';
export { ApiError, createApiClient } from './http/index.ts';
export type { CachedProfile, ProfileCache, ProfileCacheOptions } from './profile/index.ts';
export { createProfileCache } from './profile/index.ts';
export type { NewWrite, Space, SyncStatusSignals, WriteQueue, WriteQueueOptions } from './queue/index.ts';
export { createWriteQueue } from './queue/index.ts';
export type { LiveChange, LiveConnection, LiveConnectionOptions, LiveState, LiveTransport } from './live/index.ts';
export { createLiveConnection } from './live/index.ts';
export type { BackoffOptions } from './retry/index.ts';
export { parseRetryAfter } from './retry/index.ts';
export type { LocalStore, LocalStoreOptions, StorageKind } from './storage/index.ts';
export { LOCAL_DB_NAME, LOCAL_STORE_NAME, openLocalStore } from './storage/index.ts';
export type { ChannelLike, LockRequester, OpenChannel, PageEvents, PageVisibility } from './tabs/index.ts';
export type { EventCursorMemory, EventFeed, EventFeedOptions, ListEvents } from './events/index.ts';
export { createEventFeed, eventCursorMemory } from './events/index.ts';
export type { LiveEventsHook, LiveEventsMessage } from './live/index.ts';
