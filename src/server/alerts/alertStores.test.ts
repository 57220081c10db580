import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { connectRedis, parseStoreUrl, type RedisStoreSpec, waitForRedis } from '../store/index.ts';
import { startRedisServer, type TestRedisServer } from '../testing/redisServer.ts';
import type { AlertStore } from './AlertStore.ts';
import { describeAlertStoreContract } from './alertStoreContract.ts';
import { createMemoryAlertStore } from './memoryAlertStore.ts';
import { createRedisAlertStore } from './redisAlertStore.ts';
import { createSqliteAlertStore } from './sqliteAlertStore.ts';

let redisServer: TestRedisServer;
const dir = mkdtempSync(join(tmpdir(), 'overlay-alerts-'));
const opened: AlertStore[] = [];
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

describeAlertStoreContract('memory', async () => {
  const store = createMemoryAlertStore();
  return [store, store];
});

let files = 0;
describeAlertStoreContract('sqlite', async () => {
  const file = join(dir, `alerts-${++files}.sqlite`);
  const pair: [AlertStore, AlertStore] = [createSqliteAlertStore(file), createSqliteAlertStore(file)];
  opened.push(...pair);
  return pair;
});

describeAlertStoreContract('redis', async () => {
  const spec = parseStoreUrl(redisServer.url) as RedisStoreSpec;
  const connect = async () => {
    const redis = await connectRedis(spec, { log: () => {}, commandTimeoutMs: 1000 });
    clients.push(redis);
    await waitForRedis(redis);
    return redis;
  };
  const [a, b] = [await connect(), await connect()];
  await a.flushdb();
  return [createRedisAlertStore(a), createRedisAlertStore(b)];
});
