// The door of the write queue: one per data space, with its status and the changes it reports.
export type { DataChange } from './DataChange.ts';
export type { FailedWrite, SyncStatus } from './SyncStatus.ts';
export type { WriteQueue, WriteQueueOptions } from './WriteQueue.ts';
export { createWriteQueue, SEND_SIDE_PREFETCH_MS } from './createWriteQueue.ts';
