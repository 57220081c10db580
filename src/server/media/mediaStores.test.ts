import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { connectRedis, parseStoreUrl, type RedisStoreSpec, waitForRedis } from '../store/index.ts';
import { startRedisServer, type TestRedisServer } from '../testing/redisServer.ts';
import { startS3Server, type TestS3Server } from '../testing/s3Server.ts';
import { describeMediaStoreContract } from './mediaStoreContract.ts';
import type { MediaStore } from './MediaStore.ts';
import { createMemoryMediaStore } from './memoryMediaStore.ts';
import { createRedisMediaStore } from './redisMediaStore.ts';
import { createS3MediaStore } from './s3MediaStore.ts';
import { createSqliteMediaStore } from './sqliteMediaStore.ts';
import { withMediaCache } from './cachedMediaStore.ts';

let redisServer: TestRedisServer;
let s3: TestS3Server;
const dir = mkdtempSync(join(tmpdir(), 'overlay-media-'));
const opened: MediaStore[] = [];
const clients: Redis[] = [];
beforeAll(async () => {
  [redisServer, s3] = await Promise.all([startRedisServer(), startS3Server()]);
});
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
  for (const client of clients.splice(0)) client.disconnect();
});
afterAll(async () => {
  await Promise.all([redisServer.dispose(), s3.dispose()]);
  rmSync(dir, { recursive: true, force: true });
});

const keep = <T extends MediaStore>(store: T) => {
  opened.push(store);
  return store;
};

describeMediaStoreContract('memory', {
  async open() {
    const store = createMemoryMediaStore();
    return [store, store];
  },
});

let files = 0;
let file = '';
describeMediaStoreContract('sqlite', {
  async open() {
    file = join(dir, `media-${++files}.sqlite`);
    return [keep(createSqliteMediaStore(file)), keep(createSqliteMediaStore(file))];
  },
  reopen: async () => keep(createSqliteMediaStore(file)),
});

let cachedFile = '';
describeMediaStoreContract('sqlite behind the cache', {
  async open() {
    cachedFile = join(dir, `media-cached-${++files}.sqlite`);
    return [keep(withMediaCache(createSqliteMediaStore(cachedFile), { maxBytes: 3 * 1024 * 1024 })), keep(withMediaCache(createSqliteMediaStore(cachedFile)))];
  },
  reopen: async () => keep(withMediaCache(createSqliteMediaStore(cachedFile))),
});

async function redisClient(): Promise<Redis> {
  const redis = await connectRedis(parseStoreUrl(redisServer.url) as RedisStoreSpec, { log: () => {}, commandTimeoutMs: 5000 });
  clients.push(redis);
  await waitForRedis(redis);
  return redis;
}

describeMediaStoreContract('redis', {
  async open() {
    const [a, b] = [await redisClient(), await redisClient()];
    return [createRedisMediaStore(a), createRedisMediaStore(b)];
  },
  async reopen() {
    // A restart of Redis itself: the files come back from its AOF.
    await redisServer.restart();
    return createRedisMediaStore(await redisClient());
  },
});

let bucketIndex = '';
describeMediaStoreContract('s3 (index in sqlite)', {
  async open() {
    bucketIndex = join(dir, `media-index-${++files}.sqlite`);
    const open = () => keep(createS3MediaStore({ index: createSqliteMediaStore(bucketIndex), bucket: s3.spec('library') }));
    return [open(), open()];
  },
  reopen: async () => keep(createS3MediaStore({ index: createSqliteMediaStore(bucketIndex), bucket: s3.spec('library') })),
});
