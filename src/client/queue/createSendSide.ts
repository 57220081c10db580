import type { KeyValueStore } from '../storage/index.ts';
import { createFlushScheduler, type FlushScheduler, type FlushSchedulerOptions } from './createFlushScheduler.ts';
import { createQueueStore, type QueueFront, type Space } from './createQueueStore.ts';
import { type FlushDeps, flushQueue } from './flushQueue.ts';
import type { QueueEntry } from './QueueEntry.ts';

export interface SendSideOptions {
  store: KeyValueStore;
  space: Space;
  now(): number;
  /** The page's front of the same space's queue store (createWriteQueue's). */
  front: QueueFront;
  /** The scheduler's options, but for the flush itself, which the send side runs. */
  scheduler: Omit<FlushSchedulerOptions, 'flushOnce'>;
  /** What a flush tells the queue. */
  flush: Pick<FlushDeps, 'client' | 'latestSeq' | 'onListed' | 'onSettled'>;
}

/** The sending side of a write queue: when and how stored writes are sent, and what becomes of them. */
export interface SendSide {
  scheduler: FlushScheduler;
  retryFailed(): Promise<QueueEntry[]>;
  discard(moduleId: string, name: string): Promise<boolean>;
}

/**
 * The send side of createWriteQueue, in a module of its own: the page loads it
 * once a write is stored, or at start when the local database holds writes to
 * send (sendSideOnDemand.ts). Writes are stored without it, offline included; a
 * start that only reads never runs it.
 */
export function createSendSide(options: SendSideOptions): SendSide {
  const records = createQueueStore(options.store, options.space, options.now, options.front);
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
    retryFailed: () => records.retryFailed(),
    discard: (moduleId, name) => records.discard(moduleId, name),
  };
}
