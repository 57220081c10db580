import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApiServer, startApiServer } from './startApiServer.ts';
import { send } from './testing/apiTestClient.ts';
import { startRedisServer, type TestRedisServer } from './testing/redisServer.ts';

let redis: TestRedisServer;
let api: RunningApiServer;
beforeAll(async () => {
  redis = await startRedisServer();
  api = await startApiServer({ store: redis.url, log: () => {} });
});
afterAll(async () => {
  await api?.close();
  await redis?.dispose();
});

describe('GET /healthz on the Redis store', () => {
  it('answers 200 while Redis answers, 503 while it is down or hangs, and 200 once it is back', async () => {
    expect(await send(api.url, 'GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'ok', store: 'redis' } });
    await redis.stop('SIGKILL');
    expect(await send(api.url, 'GET', '/healthz')).toMatchObject({ status: 503, body: { code: 503 } });
    await redis.restart();
    await expect.poll(async () => (await send(api.url, 'GET', '/healthz')).status, { timeout: 15_000 }).toBe(200);
    redis.signal('SIGSTOP');
    try {
      const hung = await send(api.url, 'GET', '/healthz');
      expect(hung.status).toBe(503);
    } finally {
      redis.signal('SIGCONT');
    }
    await expect.poll(async () => (await send(api.url, 'GET', '/healthz')).status, { timeout: 15_000 }).toBe(200);
  });

  it('never shows the store address on the root', async () => {
    const root = await send(api.url, 'GET', '/');
    expect(root.body).toMatchObject({ store: 'redis' });
    expect(JSON.stringify(root.body)).not.toContain(String(redis.port));
  });
});
