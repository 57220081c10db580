import { StoreUnavailableError } from './DataStore.ts';

/** Replies by which a reachable Redis says "not now" (loading its AOF, cannot persist, replica, out of memory, busy script). */
const TRANSIENT_REPLY = /^(LOADING|MISCONF|READONLY|OOM|BUSY|MASTERDOWN|TRYAGAIN|NOREPLICAS|CLUSTERDOWN)\b/;

/** Seconds a client is told to wait: one is enough, because ioredis tries to reconnect every 0.5 s. */
export const REDIS_RETRY_AFTER_SECONDS = 1;

/**
 * Runs one Redis call and turns "Redis cannot serve" into StoreUnavailableError
 * (the API's 503): every error that is not a reply (connection refused or lost,
 * the offline queue being off, a command timeout, retries exhausted) and the
 * transient replies above. Any other reply error is a bug and propagates (500).
 */
export async function guardRedis<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toStoreError(error);
  }
}

export function toStoreError(error: unknown): unknown {
  if (error instanceof StoreUnavailableError || !(error instanceof Error)) return error;
  const isReply = error.name === 'ReplyError';
  if (isReply && !TRANSIENT_REPLY.test(error.message)) return error;
  return new StoreUnavailableError(`redis unavailable: ${error.message}`, REDIS_RETRY_AFTER_SECONDS);
}
