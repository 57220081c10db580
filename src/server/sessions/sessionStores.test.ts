import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { connectRedis, parseStoreUrl, type RedisStoreSpec, waitForRedis } from '../store/index.ts';
import { startRedisServer, type TestRedisServer } from '../testing/redisServer.ts';
import { createMemorySessionStore } from './memorySessionStore.ts';
import { createRedisSessionStore } from './redisSessionStore.ts';
import type { SessionStore } from './SessionStore.ts';
import { describeSessionStoreContract } from './sessionStoreContract.ts';
import { createSqliteSessionStore } from './sqliteSessionStore.ts';

let redisServer: TestRedisServer;
const dir = mkdtempSync(join(tmpdir(), 'overlay-sessions-'));
const opened: SessionStore[] = [];
const clients: Redis[] = [];
beforeAll(async () => {
  redisServer = await startRedisServer();
});
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
  for (const client of clients.splice(0)) client.disconnect();
});
afterAll(async () => {
  await redisServer.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describeSessionStoreContract('memory', async () => {
  const store = createMemorySessionStore();
  return [store, store];
});

let files = 0;
describeSessionStoreContract('sqlite', async (now) => {
  const file = join(dir, `sessions-${++files}.sqlite`);
  const pair: [SessionStore, SessionStore] = [createSqliteSessionStore(file, now), createSqliteSessionStore(file, now)];
  opened.push(...pair);
  return pair;
});

describeSessionStoreContract('redis', async () => {
  const spec = parseStoreUrl(redisServer.url) as RedisStoreSpec;
  const connect = async () => {
    const redis = await connectRedis(spec, { log: () => {}, commandTimeoutMs: 1000 });
    clients.push(redis);
    await waitForRedis(redis);
    return redis;
  };
  const [a, b] = [await connect(), await connect()];
  await a.flushdb();
  return [createRedisSessionStore(a), createRedisSessionStore(b)];
});
