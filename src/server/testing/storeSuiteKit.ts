import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { connectRedis, parseStoreUrl, type RedisStoreSpec, waitForRedis } from '../store/index.ts';
import { startRedisServer, type TestRedisServer } from './redisServer.ts';

/**
 * What a contract suite run on memory, SQLite and Redis needs: a redis-server for the file, a temporary folder
 * for SQLite files, and everything it opened closed after each test. Registers the file's hooks.
 */
export function storeSuiteKit<S extends { close(): Promise<void> }>(name: string) {
  let redisServer: TestRedisServer | undefined;
  const dir = mkdtempSync(join(tmpdir(), `overlay-${name}-`));
  const opened: S[] = [];
  const clients: Redis[] = [];
  let files = 0;
  beforeAll(async () => {
    redisServer = await startRedisServer();
  });
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
    for (const client of clients.splice(0)) client.disconnect();
  });
  afterAll(async () => {
    await redisServer?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });
  const connect = async () => {
    const redis = await connectRedis(parseStoreUrl(redisServer!.url) as RedisStoreSpec, { log: () => {}, commandTimeoutMs: 1000 });
    clients.push(redis);
    await waitForRedis(redis);
    return redis;
  };
  return {
    /** Two stores on one fresh SQLite file (`open(file)` each), closed after the test. */
    sqlitePair(open: (file: string) => S): [S, S] {
      const file = join(dir, `${name}-${++files}.sqlite`);
      const pair: [S, S] = [open(file), open(file)];
      opened.push(...pair);
      return pair;
    },
    /** Two clients of the suite's redis-server, its database emptied first; disconnected after the test. */
    async redisPair(): Promise<[Redis, Redis]> {
      const [a, b] = [await connect(), await connect()];
      await a.flushdb();
      return [a, b];
    },
  };
}
