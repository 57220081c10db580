import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiServerCommand, type SpawnedApiServer, spawnApiServer } from './spawnApiServer.ts';
import { type ApiAnswer, send } from './testing/apiTestClient.ts';
import { expectError } from './testing/expectError.ts';
import { startRedisServer, type TestRedisServer } from './testing/redisServer.ts';
import { TEST_SEED } from './testing/testSeed.ts';

// Two API processes on two ports and one real Redis: what a load balancer in front of N instances sees.
const dir = mkdtempSync(join(tmpdir(), 'overlay-shared-redis-'));
const seedPath = join(dir, 'seed.json');
writeFileSync(seedPath, JSON.stringify(TEST_SEED));
let redis: TestRedisServer;
let a: SpawnedApiServer;
let b: SpawnedApiServer;

beforeAll(async () => {
  redis = await startRedisServer();
  const args = ['--port', '0', '--seed', seedPath, '--store', redis.url];
  [a, b] = await Promise.all([spawnApiServer({ args }), spawnApiServer({ args })]);
}, 60_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await redis?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const write = (server: SpawnedApiServer, key: string, value: unknown, token = 'tool-1001') =>
  send(server.url, 'PATCH', '/me/database', { token, body: { id: 'de.example.shared', key, value } });
const read = (server: SpawnedApiServer, key: string, token = 'tool-1001') =>
  send(server.url, 'GET', `/me/database?${new URLSearchParams({ id: 'de.example.shared', key })}`, { token });

describe('two API instances on one Redis', () => {
  it('a value written through one is read through the other', async () => {
    expect((await write(a, 'greeting', { text: 'hallo', list: [1, null] })).status).toBe(200);
    expect((await read(b, 'greeting')).body).toEqual({ id: 'de.example.shared', key: 'greeting', value: { text: 'hallo', list: [1, null] } });
    expect((await write(b, 'greeting', 'overwritten')).status).toBe(200);
    expect((await read(a, 'greeting')).body).toMatchObject({ value: 'overwritten' });
  });

  it('a token exchanged on one works on the other', async () => {
    const exchanged = await send(a.url, 'POST', '/auth/overlay', { body: { overlay: 'ov-event-1002' } });
    expect(exchanged.status).toBe(201);
    const { token } = exchanged.body as { token: string };
    const validated = await send(b.url, 'GET', '/auth/validate', { token });
    expect(validated.body).toMatchObject({ context: 'overlay', overlay: 'event', userId: '1002', userName: 'bob' });
    expect((await write(b, 'from-exchanged', 1, token)).status).toBe(200);
    expect((await read(a, 'from-exchanged', token)).body).toMatchObject({ value: 1 });
    expect((await read(a, 'from-exchanged', 'event-1001')).status).toBe(404);
  });

  it('500 concurrent writes spread over both all land', async () => {
    const keys = Array.from({ length: 500 }, (_, i) => `bulk-${i}`);
    const writes = await Promise.all(keys.map((key, i) => write(i % 2 ? a : b, key, i)));
    expect(writes.filter((answer) => answer.status !== 200)).toEqual([]);
    const reads = await Promise.all(keys.map((key, i) => read(i % 2 ? b : a, key)));
    expect(reads.map((answer) => (answer.body as { value: unknown }).value)).toEqual(keys.map((_, i) => i));
  });

  it('Redis killed mid-run: 503 with Retry-After at once, the API stays up; Redis back: served again, no acknowledged write lost', async () => {
    const writer = startWriter([a, b]);
    try {
      await writer.untilAcknowledged(30);
      await redis.stop('SIGKILL');
      const down = await Promise.all([write(a, 'while-down', 1), read(b, 'greeting'), timed(() => write(b, 'while-down', 1))]);
      for (const answer of down.slice(0, 2) as ApiAnswer[]) expectRetryLater(answer);
      const { answer, ms } = down[2] as { answer: ApiAnswer; ms: number };
      expectRetryLater(answer);
      expect(ms).toBeLessThan(2500);
      // The processes stay up and keep answering what needs no Redis.
      expect((await send(a.url, 'GET', '/me')).status).toBe(401);
      await redis.restart();
      await expect.poll(async () => (await write(a, 'after', 1)).status, { interval: 100, timeout: 10_000 }).toBe(200);
      await expect.poll(async () => (await read(b, 'after')).status, { interval: 100, timeout: 10_000 }).toBe(200);
    } finally {
      await writer.stop();
    }
    expect(writer.refused()).toBeGreaterThan(0);
    const reads = await Promise.all(
      [...writer.acknowledged].map(([key, value], i) => read(i % 2 ? a : b, key).then((r) => [r, value] as const)),
    );
    for (const [answer, value] of reads) expect(answer.body).toMatchObject({ value });
    expect(a.child.exitCode).toBeNull();
    expect(b.child.exitCode).toBeNull();
  });
});

describe('an API instance started while Redis is down', () => {
  it('waits with a clear log line, then serves once Redis answers', async () => {
    const late = await startRedisServer();
    await late.stop();
    const { command, args } = apiServerCommand(['--port', '0', '--seed', seedPath, '--store', `${late.url}/3`]);
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    try {
      await expect.poll(() => err, { interval: 50, timeout: 30_000 }).toContain(`Waiting for Redis at 127.0.0.1:${late.port}/3 (ECONNREFUSED); retrying every 500 ms`);
      expect(out).not.toContain('API listening');
      await late.restart();
      await expect.poll(() => out, { interval: 50, timeout: 10_000 }).toMatch(/^API listening on http:\/\/127\.0\.0\.1:\d+$/m);
      expect(err).toContain(`Redis at 127.0.0.1:${late.port}/3 answers; starting`);
      const url = /^API listening on (\S+)$/m.exec(out)![1]!;
      const answer = await send(url, 'PATCH', '/me/database', { token: 'tool-1001', body: { id: 'a.b', key: 'late', value: true } });
      expect(answer.status).toBe(200);
    } finally {
      child.kill('SIGKILL');
      await late.dispose();
    }
  }, 60_000);
});

function expectRetryLater(answer: ApiAnswer): void {
  expectError(answer, 503, /data store cannot be reached/);
  expect(answer.headers.get('retry-after')).toBe('1');
}

async function timed<T>(call: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  const started = performance.now();
  const answer = await call();
  return { answer, ms: performance.now() - started };
}

/** Four loops writing distinct keys through both instances, remembering every write answered 200. */
function startWriter(servers: SpawnedApiServer[]) {
  const acknowledged = new Map<string, number>();
  let refused = 0;
  let running = true;
  let next = 0;
  const loop = async () => {
    while (running) {
      const n = next++;
      const answer = await write(servers[n % servers.length]!, `w-${n}`, n);
      if (answer.status === 200) acknowledged.set(`w-${n}`, n);
      else if (answer.status === 503) {
        refused++;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      else throw new Error(`unexpected ${answer.status}: ${JSON.stringify(answer.body)}`);
    }
  };
  const loops = Promise.all([loop(), loop(), loop(), loop()]);
  return {
    acknowledged,
    refused: () => refused,
    untilAcknowledged: (count: number) => expect.poll(() => acknowledged.size, { interval: 20, timeout: 10_000 }).toBeGreaterThanOrEqual(count),
    async stop() {
      running = false;
      await loops;
    },
  };
}
