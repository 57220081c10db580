import type { KeyValueStore } from '../storage/index.ts';
import { createBatcher } from './createBatcher.ts';
import { createFlushScheduler, type FlushScheduler, type FlushSchedulerOptions } from './createFlushScheduler.ts';
import { createQueueStore, type NewWrite, type QueueReader, type Space } from './createQueueStore.ts';
import { type FlushDeps, flushQueue } from './flushQueue.ts';
import type { QueueEntry } from './QueueEntry.ts';

export interface WriteEngineOptions {
  store: KeyValueStore;
  space: Space;
  now(): number;
  /** The page's reader of the same space (createWriteQueue's). */
  reader: QueueReader;
  /** The scheduler's options, but for the flush itself, which the engine runs. */
  scheduler: Omit<FlushSchedulerOptions, 'flushOnce'>;
  /** What a flush tells the queue. */
  flush: Pick<FlushDeps, 'client' | 'latestSeq' | 'onListed' | 'onSettled'>;
}

/** The writing side of a write queue: storing writes, and when and how they are sent. */
export interface WriteEngine {
  scheduler: FlushScheduler;
  /** Stores a write (writes of one turn share a transaction); resolves with its entry once committed. */
  enqueue(write: NewWrite): Promise<QueueEntry>;
  retryFailed(): Promise<QueueEntry[]>;
  discard(moduleId: string, name: string): Promise<boolean>;
}

/**
 * The write side of createWriteQueue, in a module of its own: the page loads it
 * with its first write, or at once when the local database holds writes to send
 * (writeEngineOnDemand.ts). A start that only reads never runs it.
 */
export function createWriteEngine(options: WriteEngineOptions): WriteEngine {
  const records = createQueueStore(options.store, options.space, options.now, options.reader);
  const enqueueOne = createBatcher((writes: NewWrite[]) => records.enqueue(writes));
  const scheduler: FlushScheduler = createFlushScheduler({
    ...options.scheduler,
    flushOnce: (more) =>
      flushQueue({
        ...options.flush,
        records,
        now: options.now,
        canContinue: () => options.scheduler.canFlush() && !scheduler.paused,
        more,
      }),
  });
  return {
    scheduler,
    enqueue: enqueueOne,
    retryFailed: () => records.retryFailed(),
    discard: (moduleId, name) => records.discard(moduleId, name),
  };
}
