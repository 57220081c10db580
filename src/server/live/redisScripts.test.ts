import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startRedisServer, type TestRedisServer } from '../testing/redisServer.ts';
import { START_SCRIPT } from './redisScripts.ts';

const DAY = 86_400_000;
let server: TestRedisServer;
let redis: Redis;
let now: number;

beforeAll(async () => {
  server = await startRedisServer();
  redis = new Redis(server.port, '127.0.0.1');
}, 30_000);
beforeEach(async () => {
  await redis.flushall();
  await redis.set('epoch', 'e1');
  const [seconds] = await redis.time();
  now = Number(seconds) * 1000;
});
afterAll(async () => {
  await redis?.quit();
  await server?.dispose();
});

/** Runs the start script for the cursor `e1:<sinceId>`: whether the replay is whole, and the ids it holds. */
async function start(sinceId: string, { budget = 1 << 20, ttl = DAY, epoch = 'e1' } = {}) {
  const reply = (await redis.eval(START_SCRIPT, 2, 'epoch', 's', 'fresh', epoch, sinceId, String(ttl), String(budget), '72')) as [string, string, string, string, number, [string, string[]][]];
  return { whole: reply[4] === 1, ids: reply[5].map(([id]) => id) };
}
const add = (id: string, value = 'v') => redis.xadd('s', id, 'm', 'a.b', 'n', 'k', 'v', value, 'f', 'a.b');

describe('the start script decides replay or reset in Redis', () => {
  it('replays from any cursor of an untrimmed stream within its lifetime, in order, after the cursor', async () => {
    for (const ms of [100, 50, 10]) await add(`${now - ms}-0`);
    expect(await start(`${now - 1000}-0`)).toEqual({ whole: true, ids: [`${now - 100}-0`, `${now - 50}-0`, `${now - 10}-0`] });
    expect(await start(`${now - 50}-0`)).toEqual({ whole: true, ids: [`${now - 10}-0`] });
    expect(await start(`${now - 10}-0`)).toEqual({ whole: true, ids: [] });
  });

  it('resets a cursor before the oldest kept entry of a trimmed stream, from the future, malformed, of another epoch, or older than the lifetime', async () => {
    for (let i = 0; i < 5; i++) await add(`${now - 100 + i}-0`);
    await redis.xtrim('s', 'MAXLEN', 3);
    expect((await start(`${now - 99}-0`)).whole).toBe(false);
    expect(await start(`${now - 98}-0`)).toMatchObject({ whole: true, ids: [`${now - 97}-0`, `${now - 96}-0`] });
    expect((await start(`${now - 96}-1`)).whole).toBe(false);
    expect((await start('abc')).whole).toBe(false);
    expect((await start(`${now - 98}-0`, { epoch: 'other' })).whole).toBe(false);
    expect((await start(`${now - 98}-0`, { ttl: 50 })).whole).toBe(false);
  });

  it('with no stream: nothing to replay after a recent cursor, reset for one from the future', async () => {
    expect(await start(`${now - 5000}-0`)).toEqual({ whole: true, ids: [] });
    expect((await start(`${now + 5000}-0`)).whole).toBe(false);
  });

  it('past the byte budget: reset, and no value leaves Redis', async () => {
    for (let i = 0; i < 40; i++) await add(`${now - 100 + i}-0`, 'x'.repeat(1000));
    expect(await start(`${now - 200}-0`, { budget: 10_000 })).toEqual({ whole: false, ids: [] });
    expect((await start(`${now - 200}-0`, { budget: 100_000 })).ids).toHaveLength(40);
    expect((await start(`${now - 70}-0`, { budget: 10_000 })).ids).toHaveLength(9);
  });
});
