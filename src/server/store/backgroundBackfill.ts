import type { Redis } from 'ioredis';
import { backfillAll } from './backfillAll.ts';
import { closeRedis, waitForRedis } from './redisConnection.ts';

export interface BackgroundBackfillOptions {
  /** The store's client; the pass runs on its own connection (see below). */
  redis: Redis;
  /** The pass's connection, closed when it ends. @default redis.duplicate() */
  openConnection?: () => Redis;
  batchSize: number;
  valueTtlSeconds?: number;
  /** Pause before trying again after a failed pass (Redis away). */
  retryMs: number;
  log: (line: string) => void;
}

export interface BackgroundBackfill {
  /** Ends the pass after its current step (its cursor stored) and any pause, then closes its connection. */
  stop(): Promise<void>;
}

/**
 * Runs the pass over every space (backfillAll.ts) in the background until it
 * has set `index:complete`, trying again after `retryMs` whenever it fails, so
 * a Redis that is away never stops the store from starting. Instances starting
 * together may each run it: the pass is idempotent, only more work.
 *
 * Why its own connection: with auto-pipelining, a command of a script that
 * another part defines on the shared client (events, live feed) while one of
 * the pass's commands waits in a pipeline lands in that older pipeline, which
 * does not know it, and fails.
 */
export function startBackgroundBackfill(options: BackgroundBackfillOptions): BackgroundBackfill {
  const { redis, openConnection = () => redis.duplicate(), batchSize, valueTtlSeconds, retryMs, log } = options;
  const connection = openConnection();
  // Its outages are the store's too, and logged by the store's client: no "Unhandled error event".
  connection.on('error', () => {});
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wake = () => {};
  let onStop = () => {};
  const whenStopped = new Promise<void>((resolve) => {
    onStop = resolve;
  });
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, ms);
    });
  const attempt = async () => {
    // Rejects only once the connection is closed, i.e. after a stop: nothing to report then.
    await Promise.race([waitForRedis(connection).catch(() => {}), whenStopped]);
    return !stopped && backfillAll(connection, { batchSize, valueTtlSeconds, stopped: () => stopped });
  };
  const run = async () => {
    while (!stopped) {
      try {
        if (await attempt()) break;
      } catch (error) {
        if (stopped) break;
        log(`Indexing the values written before the index failed (${(error as Error).message}); retrying in ${retryMs / 1000} s`);
      }
      if (!stopped) await pause(retryMs);
    }
    await closeRedis(connection);
  };
  const running = run();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      wake();
      onStop();
      await running;
    },
  };
}
