export { QueueEntrySchema } from './QueueEntry.ts';
export type { QueueEntry } from './QueueEntry.ts';
export type { SyncStatusSignals } from './SyncStatusModel.ts';
export type { WriteQueue, WriteQueueOptions } from './WriteQueue.ts';
export type { NewWrite, Space } from './createQueueStore.ts';
export { createWriteQueue } from './createWriteQueue.ts';
