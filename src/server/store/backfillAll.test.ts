import type { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import type { RedisStoreSpec } from './parseStoreUrl.ts';
import type { Kind } from '../../api/index.ts';
import type { TestRedisServer } from '../testing/redisServer.ts';
import { useRedisServer } from '../testing/useRedisServer.ts';
import { backfillAll } from './backfillAll.ts';
import { connectRedis, waitForRedis } from './redisConnection.ts';
import { dataKey } from './redisKeys.ts';
import { createRedisStore, type RedisStore, type RedisStoreOptions } from './redisStore.ts';

let server: TestRedisServer;
let spec: RedisStoreSpec;
const open: RedisStore[] = [];
const clients: Redis[] = [];
useRedisServer((started) => ({ server, spec } = started));
afterEach(async () => {
  await Promise.all(open.splice(0).map((store) => store.close()));
  for (const client of clients.splice(0)) client.disconnect();
});

async function connect(): Promise<Redis> {
  const redis = await connectRedis(spec, { log: () => {} });
  clients.push(redis);
  await waitForRedis(redis);
  return redis;
}

/** A client whose SCAN calls are recorded (their cursors) and may be changed by `around`. */
function watchScans(redis: Redis, around?: (call: number, scan: () => Promise<unknown>) => Promise<unknown>) {
  const cursors: string[] = [];
  const client = new Proxy(redis, {
    get(target, key) {
      if (key !== 'scan') return Reflect.get(target, key);
      return (...args: unknown[]) => {
        cursors.push(String(args[0]));
        const scan = () => (target.scan as (...a: unknown[]) => Promise<unknown>)(...args);
        return around ? around(cursors.length, scan) : scan();
      };
    },
  });
  return { client, cursors };
}

function store(options: RedisStoreOptions): RedisStore {
  const created = createRedisStore({ batchSize: 7, log: () => {}, ...options });
  open.push(created);
  return created;
}

const SPACES: [string, Kind][] = [
  ['1001', 'tool'],
  ['1002', 'game'],
  ['1003', 'event'],
];

/** Values as the store wrote them before it kept an index, in three spaces; other keys around them. */
async function seed(redis: Redis, perSpace = 20): Promise<void> {
  await redis.flushdb();
  for (const [userId, kind] of SPACES) {
    for (let i = 0; i < perSpace; i++) await redis.set(dataKey({ userId, kind, moduleId: 'a.mod', name: `old-${i}` }), `"${userId}-${i}"`);
  }
  await redis.set('registry:profile:1001', 'x');
}

/** Every space reads back all of its values. */
async function expectAllFound(reader: RedisStore, perSpace = 20): Promise<void> {
  for (const [userId, kind] of SPACES) expect(await reader.listModule!(userId, kind, 'a.mod')).toHaveLength(perSpace);
}

const scanCalls = async (redis: Redis) => Number((await redis.info('commandstats')).match(/cmdstat_scan:calls=(\d+)/)?.[1] ?? 0);

describe('redis index: the pass over every space', () => {
  it('a new space\'s first read does no SCAN once index:complete is set', async () => {
    const redis = await connect();
    await redis.flushdb();
    await redis.set('index:complete', '1');
    const reader = store({ redis, backfillInBackground: false });
    const before = await scanCalls(redis);
    expect(await reader.listModule!('2001', 'tool', 'a.mod')).toEqual([]);
    expect(await reader.list('2002', 'game')).toEqual([]);
    expect(await scanCalls(redis)).toBe(before);
  });

  it('runs in the background at start, indexes every space\'s older values, sets index:complete; reads then never scan', async () => {
    const redis = await connect();
    await seed(redis);
    const reader = store({ redis });
    await expect.poll(() => redis.get('index:complete')).toBe('1');
    expect(await redis.get('index:backfill-all')).toBe('done');
    const before = await scanCalls(redis);
    await expectAllFound(reader);
    expect(await reader.list('2001', 'background')).toEqual([]);
    expect(await scanCalls(redis)).toBe(before);
  });

  it('on an empty Redis ends after one step', async () => {
    const redis = await connect();
    await redis.flushdb();
    const { client, cursors } = watchScans(await connect());
    store({ redis, backfillConnection: () => client });
    await expect.poll(() => redis.get('index:complete')).toBe('1');
    expect(cursors).toEqual(['0']);
  });

  it('goes on from where an interrupted pass stopped', async () => {
    const redis = await connect();
    await seed(redis);
    const failing = watchScans(redis, (call, scan) => (call === 3 ? Promise.reject(new Error('connection lost')) : scan()));
    await expect(backfillAll(failing.client, { batchSize: 7 })).rejects.toThrow('connection lost');
    const progress = await redis.get('index:backfill-all');
    expect(progress).toMatch(/^[0-9a-f]{40}:[1-9]\d*$/);
    expect(await redis.exists('index:complete')).toBe(0);
    const resumed = watchScans(redis);
    expect(await backfillAll(resumed.client, { batchSize: 7 })).toBe(true);
    expect(resumed.cursors[0]).toBe(progress!.split(':')[1]);
    await expectAllFound(store({ redis, backfillInBackground: false }));
    expect(await redis.get('index:complete')).toBe('1');
  });

  it('starts over after Redis restarted: the stored cursor came from another process', async () => {
    const redis = await connect();
    await seed(redis);
    const failing = watchScans(redis, (call, scan) => (call === 3 ? Promise.reject(new Error('connection lost')) : scan()));
    await expect(backfillAll(failing.client, { batchSize: 7 })).rejects.toThrow('connection lost');
    await redis.del(...(await redis.keys('index:names:*')), ...(await redis.keys('index:modules:*')));
    redis.disconnect();
    await server.restart();
    const after = await connect();
    expect(await after.get('index:backfill-all')).toMatch(/^[0-9a-f]{40}:[1-9]\d*$/);
    const again = watchScans(after);
    expect(await backfillAll(again.client, { batchSize: 7 })).toBe(true);
    expect(again.cursors[0]).toBe('0');
    await expectAllFound(store({ redis: after, backfillInBackground: false }));
  });

  it('closes its own connection once done; stops cleanly when the store closes before Redis answers', async () => {
    const redis = await connect();
    await redis.flushdb();
    const passConnection = await connect();
    store({ redis, backfillConnection: () => passConnection });
    await expect.poll(() => passConnection.status).toBe('end');
    expect(await redis.get('index:complete')).toBe('1');
    const away = await connectRedis({ ...spec, port: 1 }, { log: () => {} });
    const lines: string[] = [];
    const waiting = createRedisStore({ redis: away, log: (line) => lines.push(line) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await waiting.close();
    expect(lines).toEqual([]);
  });

  it('tries again later when a pass fails (Redis away), without crashing', async () => {
    const redis = await connect();
    await seed(redis);
    const lines: string[] = [];
    const { client } = watchScans(await connect(), (call, scan) => (call <= 2 ? Promise.reject(new Error('connection lost')) : scan()));
    store({ redis, backfillConnection: () => client, backfillRetryMs: 10, log: (line) => lines.push(line) });
    await expect.poll(() => redis.get('index:complete')).toBe('1');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/connection lost.*retrying in 0.01 s/);
  });

  it('close() stops a running pass after its current step: no command after, the cursor kept for the next start', async () => {
    const redis = await connect();
    await seed(redis);
    const passConnection = await connect();
    const { client, cursors } = watchScans(passConnection, async (_call, scan) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return scan();
    });
    const first = createRedisStore({ redis, backfillConnection: () => client, batchSize: 7, log: () => {} });
    await expect.poll(() => cursors.length).toBeGreaterThanOrEqual(2);
    await first.close();
    await expect.poll(() => passConnection.status).toBe('end');
    await expect.poll(() => redis.status).toBe('end');
    const scansAtClose = cursors.length;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(cursors).toHaveLength(scansAtClose);
    const other = await connect();
    expect(await other.exists('index:complete')).toBe(0);
    expect(await other.get('index:backfill-all')).toMatch(/^[0-9a-f]{40}:[1-9]\d*$/);
    store({ redis: other });
    await expect.poll(() => other.get('index:complete')).toBe('1');
    await expectAllFound(open[0]!);
  });
});
