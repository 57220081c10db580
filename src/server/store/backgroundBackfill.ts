import type { Redis } from 'ioredis';
import { backfillAll } from './backfillAll.ts';

export interface BackgroundBackfillOptions {
  redis: Redis;
  batchSize: number;
  valueTtlSeconds?: number;
  /** Pause before trying again after a failed pass (Redis away). */
  retryMs: number;
  log: (line: string) => void;
}

export interface BackgroundBackfill {
  /** Ends the pass after its current step (its cursor stored) and any pause; resolves once no command is left in flight. */
  stop(): Promise<void>;
}

/**
 * Runs the pass over every space (backfillAll.ts) in the background until it
 * has set `index:complete`, trying again after `retryMs` whenever it fails, so
 * a Redis that is away never stops the store from starting. Instances starting
 * together may each run it: the pass is idempotent, only more work.
 */
export function startBackgroundBackfill({ redis, batchSize, valueTtlSeconds, retryMs, log }: BackgroundBackfillOptions): BackgroundBackfill {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wake = () => {};
  const pause = () =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, retryMs);
    });
  const run = async () => {
    while (!stopped) {
      try {
        if (await backfillAll(redis, { batchSize, valueTtlSeconds, stopped: () => stopped })) return;
      } catch (error) {
        if (stopped) return;
        log(`Indexing the values written before the index failed (${(error as Error).message}); retrying in ${retryMs / 1000} s`);
      }
      if (!stopped) await pause();
    }
  };
  const running = run();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      wake();
      await running;
    },
  };
}
