// The one door of src/client: the API client, the offline write queue, the data seam.
export type { ModuleData } from './moduleData/index.ts';
export { createModuleData } from './moduleData/index.ts';
export type { ApiClient } from './http/index.ts';
export { ApiError, createApiClient, errorMessage, unwrapBody } from './http/index.ts';
export { createMediaClient, type MediaClient, type MediaClientOptions } from './http/index.ts';
export type { CachedProfile, ProfileCache } from './profile/index.ts';
export { createProfileCache } from './profile/index.ts';
export type { DataChange, FailedWrite, SyncStatus, WriteQueue } from './queue/index.ts';
export { createWriteQueue, SEND_SIDE_PREFETCH_MS } from './queue/index.ts';
export { parseRetryAfter } from './retry/index.ts';
export type { LocalStore } from './storage/index.ts';
export { openLocalStore } from './storage/index.ts';
export type { EventCursorMemory, EventFeed, EventFeedOptions, ListEvents } from './events/index.ts';
export { createEventFeed, eventCursorMemory } from './events/index.ts';
export type { LiveNews } from './live/index.ts';
export { createLiveAlertsHub, type LiveAlertMessage, type LiveAlerts, type LiveAlertsHub } from './live/index.ts';
export type { AlertMember, AlertQueue, AlertQueueOptions, AlertQueueView, QueuedAlert } from './alerts/index.ts';
export { loadAlertQueue } from './loadAlertQueue.ts';
