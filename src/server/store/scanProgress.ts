import type { Redis } from 'ioredis';

/**
 * The id of the Redis process answering (`INFO server`, `run_id`): new at each
 * start of Redis, and a replica promoted by a failover has its own. A SCAN
 * cursor means something only to the process that gave it. Where INFO is
 * refused (some managed services), '' : cursors are then resumed as before.
 */
export async function redisRunId(redis: Redis): Promise<string> {
  try {
    return /run_id:([0-9a-f]+)/.exec(await redis.info('server'))?.[1] ?? '';
  } catch (error) {
    if ((error as Error).name === 'ReplyError') return '';
    throw error;
  }
}

/**
 * Where a pass goes on from, given what its progress key holds: undefined when
 * it is `done`; the cursor stored by the same Redis process; otherwise `0`
 * (no progress yet, a cursor from another process, or a bare cursor an older
 * version stored without its run id).
 */
export function resumeCursor(progress: string | null, runId: string): string | undefined {
  if (progress === 'done') return undefined;
  const colon = progress?.lastIndexOf(':') ?? -1;
  if (progress === null || colon < 0 || progress.slice(0, colon) !== runId) return '0';
  return progress.slice(colon + 1);
}
