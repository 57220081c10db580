import type { Redis } from 'ioredis';
import type { RedisStoreSpec } from './parseStoreUrl.ts';

/** Clients being closed by `closeRedis`: their last `close` event is no outage. */
const closedOnPurpose = new WeakSet<Redis>();

export interface RedisConnectionOptions {
  /**
   * Longest a command may wait for its reply before the request gets a 503
   * (a Redis that hangs rather than refusing, e.g. a dropped network path).
   * @default 2000
   */
  commandTimeoutMs?: number;
  /** Pause between reconnection attempts. @default 500 */
  reconnectDelayMs?: number;
  /** Receives one line whenever Redis goes away or comes back. @default console.warn */
  log?: (line: string) => void;
}

/** `host:port/db`, for log lines (never the password). */
export function describeRedis({ host, port, db }: RedisStoreSpec): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}/${db}`;
}

/**
 * An ioredis client set up so that a request never hangs on Redis: with the
 * offline queue off, a command sent while disconnected fails at once; a
 * command in flight when the connection drops fails at once
 * (`maxRetriesPerRequest: 0`) and is never replayed later behind newer writes;
 * one that gets no reply fails after `commandTimeoutMs`. Reconnection goes on
 * forever in the background, so the store recovers by itself. ioredis is
 * loaded here, on first use, so that servers without Redis never load it.
 */
export async function connectRedis(spec: RedisStoreSpec, options: RedisConnectionOptions = {}): Promise<Redis> {
  const { commandTimeoutMs = 2000, reconnectDelayMs = 500, log = console.warn } = options;
  const { Redis } = await import('ioredis');
  const redis = new Redis({
    host: spec.host,
    port: spec.port,
    db: spec.db,
    username: spec.username,
    password: spec.password,
    tls: spec.tls ? {} : undefined,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    commandTimeout: commandTimeoutMs,
    connectTimeout: Math.max(commandTimeoutMs, 1000),
    retryStrategy: () => reconnectDelayMs,
    lazyConnect: false,
    // The commands of one event-loop turn (many clients' requests) leave in one write:
    // fewer syscalls, and with `appendfsync always` one fsync covers them all.
    enableAutoPipelining: true,
  });
  watchHealth(redis, describeRedis(spec), reconnectDelayMs, log);
  return redis;
}

/**
 * Logs the transitions an operator needs to see, once each: waiting at start-up
 * (repeated every 10 s), going away, coming back. Also keeps ioredis from
 * printing "Unhandled error event" for every failed reconnection.
 */
function watchHealth(redis: Redis, where: string, reconnectDelayMs: number, log: (line: string) => void): void {
  let state: 'starting' | 'up' | 'down' = 'starting';
  let lastWaitLog = 0;
  let downSince = 0;
  let lastError = '';
  const retry = `retrying every ${reconnectDelayMs} ms`;
  redis.on('error', (error: NodeJS.ErrnoException) => {
    lastError = error.code ?? error.message;
    if (state === 'starting' && Date.now() - lastWaitLog >= 10_000) {
      lastWaitLog = Date.now();
      log(`Waiting for Redis at ${where} (${lastError}); ${retry}`);
    }
  });
  redis.on('close', () => {
    if (state !== 'up' || closedOnPurpose.has(redis)) return;
    state = 'down';
    downSince = Date.now();
    log(`Redis at ${where} unreachable (${lastError || 'connection lost'}): answering 503 until it is back; ${retry}`);
  });
  redis.on('ready', () => {
    if (state === 'down') log(`Redis at ${where} is back after ${((Date.now() - downSince) / 1000).toFixed(1)} s`);
    else if (lastWaitLog > 0) log(`Redis at ${where} answers; starting`);
    state = 'up';
    lastError = '';
  });
}

/** Resolves once the client is ready (connected, and Redis has loaded its data); waits as long as it takes. */
export function waitForRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onReady = () => {
      redis.off('end', onEnd);
      resolve();
    };
    const onEnd = () => {
      redis.off('ready', onReady);
      reject(new Error('redis connection closed while waiting for Redis'));
    };
    redis.once('ready', onReady);
    redis.once('end', onEnd);
  });
}

/** Closes politely (QUIT) when connected, at once otherwise; stops reconnecting either way. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  closedOnPurpose.add(redis);
  try {
    if (redis.status === 'ready') {
      await redis.quit();
      return;
    }
  } catch {
    // Fall through: a QUIT that cannot be sent needs no answer.
  }
  redis.disconnect();
}
