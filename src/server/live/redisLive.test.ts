import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, type LiveServerMessage } from '../../api/index.ts';
import { send } from '../testing/apiTestClient.ts';
import type { TestRedisServer } from '../testing/redisServer.ts';
import type { RunningApiServer } from '../startApiServer.ts';
import { twoInstancesOnRedis } from '../testing/twoInstancesOnRedis.ts';

// Two API instances in this process on one real redis-server: what a load balancer in front of N instances sees.
const ID = 'de.example.live';
let redis: TestRedisServer;
let a: RunningApiServer;
let b: RunningApiServer;
const { start, live } = twoInstancesOnRedis({}, (started) => ({ a, b, redis } = started));
const write = (server: RunningApiServer, key: string, value: unknown, token = 'tool-1001') =>
  send(server.url, 'PATCH', '/me/database', { token, body: { id: ID, key, value } });
const cursorOf = (message: LiveServerMessage) => (message as { cursor: string }).cursor;


describe('revoked tokens on the redis store, across instances', () => {
  it('a token dropped by an exchange on one instance closes its live connection on another at once with 4401', async () => {
    const options = { maxTokensPerOverlay: 1, live: { pingIntervalMs: 60_000 } };
    const [c, d] = await Promise.all([start(options), start(options)]);
    try {
      const exchange = async (server: RunningApiServer) =>
        ((await send(server.url, 'POST', '/auth/overlay', { body: { overlay: 'ov-tool-1002' } })).body as { token: string }).token;
      const onD = await live(d);
      expect(await onD.auth(await exchange(c))).toMatchObject({ type: 'ready' });
      const sameSpace = await live(d);
      expect(await sameSpace.auth('tool-1002')).toMatchObject({ type: 'ready' });
      const current = await exchange(c);
      expect(await onD.closed).toEqual({ code: 4401, reason: AUTH_MESSAGES.invalid });
      // The channel carried a revocation, not a change: the space's other listener hears nothing of it, then writes as before.
      expect((await write(c, 'after', 1, current)).status).toBe(200);
      expect(await sameSpace.next()).toMatchObject({ type: 'change', name: 'after', value: 1 });
    } finally {
      await Promise.all([c.close(), d.close()]);
    }
  });
});

describe('live changes on the redis store, across instances', () => {
  it('every instance delivers the writes made through any other, each once', async () => {
    const onA = await live(a);
    const onB = await live(b);
    await onA.auth('tool-1001');
    await onB.auth('tool-1001');
    expect((await write(a, 'via-a', 1)).status).toBe(200);
    expect((await write(b, 'via-b', 2)).status).toBe(200);
    for (const client of [onA, onB]) {
      expect(await client.next()).toMatchObject({ type: 'change', moduleId: ID, name: 'via-a', value: 1, from: ID });
      expect(await client.next()).toMatchObject({ type: 'change', name: 'via-b', value: 2 });
    }
    await write(a, 'other-kind', 0, 'game-1001');
    await write(b, 'other-user', 0, 'tool-1002');
    await write(a, 'last', 3);
    for (const client of [onA, onB]) {
      expect(await client.next()).toMatchObject({ name: 'last' });
      expect(client.pending()).toEqual([]);
    }
  });

  it('concurrent writes through both instances arrive in the same order everywhere, ending on the stored value', async () => {
    const onA = await live(a);
    const onB = await live(b);
    await onA.auth('tool-1001');
    await onB.auth('tool-1001');
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => write(i % 2 ? a : b, 'race', i)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const heardA = [];
    const heardB = [];
    for (let i = 0; i < 40; i++) {
      heardA.push(await onA.next());
      heardB.push(await onB.next());
    }
    expect(heardA).toEqual(heardB);
    const stored = await send(b.url, 'GET', `/me/database?id=${ID}&key=race`, { token: 'tool-1001' });
    expect(heardA.at(-1)).toMatchObject({ value: (stored.body as { value: number }).value });
  });

  it('a cursor handed out by one instance resumes on the other', async () => {
    const onA = await live(a);
    const ready = await onA.auth('tool-1001');
    await write(a, 'r1', 1);
    const first = await onA.next();
    await write(b, 'r2', 2);
    await write(a, 'r3', 3);
    const onB = await live(b);
    expect(await onB.auth('tool-1001', cursorOf(first))).toMatchObject({ type: 'ready' });
    expect(await onB.next()).toMatchObject({ type: 'change', name: 'r2' });
    expect(await onB.next()).toMatchObject({ type: 'change', name: 'r3' });
    const fromReady = await live(b);
    await fromReady.auth('tool-1001', cursorOf(ready));
    expect([await fromReady.next(), await fromReady.next(), await fromReady.next()].map((m) => (m as { name: string }).name)).toEqual(['r1', 'r2', 'r3']);
    // An empty space's ready cursor also resumes: the first write after it is replayed.
    const empty = await live(a);
    const emptyReady = await empty.auth('background-1002');
    await write(b, 'first-ever', true, 'background-1002');
    const resumed = await live(b);
    await resumed.auth('background-1002', cursorOf(emptyReady));
    expect(await resumed.next()).toMatchObject({ name: 'first-ever', value: true });
  });

  it('answers reset for garbage, an unknown epoch, a trimmed stream, and after Redis lost its data', async () => {
    const trimming = await start({ live: { redis: { replayEntries: 10 } } });
    try {
      const client = await live(trimming);
      const ready = await client.auth('event-1001');
      for (let i = 0; i < 250; i++) await write(trimming, `t${i}`, i, 'event-1001');
      const [epoch] = cursorOf(ready).split(':');
      for (const since of [cursorOf(ready), 'garbage', `ffffffffffff:1-0`, `${epoch}:99999999999999-0`]) {
        const again = await live(trimming);
        const againReady = await again.auth('event-1001', since);
        expect(await again.next()).toEqual({ type: 'reset', cursor: cursorOf(againReady) });
      }
      const kept = await live(b);
      const keptReady = await kept.auth('event-1001');
      const direct = new Redis(redis.port, '127.0.0.1');
      await direct.flushall();
      await direct.quit();
      const afterWipe = await live(a);
      const wipedReady = await afterWipe.auth('event-1001', cursorOf(keptReady));
      expect(cursorOf(wipedReady).split(':')[0]).not.toBe(cursorOf(keptReady).split(':')[0]);
      expect(await afterWipe.next()).toMatchObject({ type: 'reset' });
    } finally {
      await trimming.close();
    }
  });

  it('an old cursor over big values costs a bounded read: the script reads the stream in counted steps and Redis sends little', async () => {
    const client = await live(a);
    const ready = await client.auth('game-1002');
    const big = 'x'.repeat(32 * 1024);
    for (let i = 0; i < 100; i++) expect((await write(a, `big${i}`, big, 'game-1002')).status).toBe(200);
    const direct = new Redis(redis.port, '127.0.0.1');
    const monitor = await direct.monitor();
    const ranges: string[][] = [];
    monitor.on('monitor', (_time: string, args: string[]) => {
      if (args[0]?.toLowerCase() === 'xrange') ranges.push(args);
    });
    const sentBefore = await netOutputBytes(direct);
    const old = await live(b);
    const oldReady = await old.auth('game-1002', cursorOf(ready));
    expect(await old.next()).toEqual({ type: 'reset', cursor: cursorOf(oldReady) });
    const sent = (await netOutputBytes(direct)) - sentBefore;
    await monitor.disconnect();
    await direct.quit();
    // 3.2 MB of values after the cursor, 1 MiB of budget: Redis answers with the decision, not the values.
    expect(sent).toBeLessThan(256 * 1024);
    expect(ranges.length).toBeGreaterThan(0);
    for (const range of ranges) expect(range.map((arg) => arg.toLowerCase())).toContain('count');
  });

  it('Redis stopped: live connections close with 1013, HTTP answers 503, new connections get 1013; Redis back: live again', async () => {
    const onA = await live(a);
    const onB = await live(b);
    await onA.auth('tool-1001');
    await onB.auth('tool-1001');
    await redis.stop('SIGKILL');
    for (const client of [onA, onB]) expect((await client.closed).code).toBe(1013);
    expect((await write(a, 'down', 1)).status).toBe(503);
    const refused = await live(b);
    refused.sendJson({ type: 'auth', token: 'tool-1001' });
    expect(await refused.closed).toEqual({ code: 1013, reason: 'Store unavailable - retry with backoff' });
    await redis.restart();
    await expect.poll(async () => (await write(a, 'up', 1)).status, { interval: 100, timeout: 10_000 }).toBe(200);
    const back = await live(b);
    await expect.poll(async () => (await back.auth('tool-1001')).type, { interval: 100, timeout: 5000 }).toBe('ready');
    await write(a, 'after', 2);
    expect(await back.next()).toMatchObject({ name: 'after', value: 2 });
  }, 30_000);
});

/** Bytes Redis has sent to all its clients so far. */
async function netOutputBytes(redis: Redis): Promise<number> {
  const info = await redis.info('stats');
  return Number(/total_net_output_bytes:(\d+)/.exec(info)![1]);
}
