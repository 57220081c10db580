import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_SEED, DEMO_TOKENS, SeedError } from './registry/index.ts';
import { startApiServer } from './startApiServer.ts';
import { send } from './testing/apiTestClient.ts';
import { TEST_SEED } from './testing/testSeed.ts';

const dir = mkdtempSync(join(tmpdir(), 'overlay-server-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('startApiServer', () => {
  it('picks a free loopback port and serves the demo user by default', async () => {
    const server = await startApiServer();
    try {
      expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
      expect(server.port).toBeGreaterThan(0);
      const me = await send(server.url, 'GET', '/me', { token: DEMO_TOKENS.website });
      expect(me.body).toEqual(DEMO_SEED.users[0]!.profile);
    } finally {
      await server.close();
    }
  });

  it('keeps every value across a restart on the same sqlite file', async () => {
    const store = `sqlite:${join(dir, 'restart/overlay.sqlite')}`;
    const keys = Array.from({ length: 200 }, (_, i) => `persist-${i}`);
    const first = await startApiServer({ seed: TEST_SEED, store });
    const writes = await Promise.all(
      keys.map((key, i) => send(first.url, 'PATCH', '/me/database', { token: 'tool-1001', body: { id: 'a.mod', key, value: [i, 'ü'] } })),
    );
    expect(writes.every((w) => w.status === 200)).toBe(true);
    await first.close();
    const second = await startApiServer({ seed: TEST_SEED, store });
    try {
      const reads = await Promise.all(
        keys.map((key) => send(second.url, 'GET', `/me/database?id=a.mod&key=${key}`, { token: 'tool-1001' })),
      );
      expect(reads.map((r) => r.body)).toEqual(keys.map((key, i) => ({ id: 'a.mod', key, value: [i, 'ü'] })));
      expect(await second.store.list('1001', 'tool')).toHaveLength(200);
    } finally {
      await second.close();
    }
  });

  it('stops accepting on close, and close can be called twice', async () => {
    const server = await startApiServer({ seed: TEST_SEED });
    await Promise.all([server.close(), server.close()]);
    await expect(fetch(`${server.url}/me`)).rejects.toThrow();
    await expect(server.store.get({ userId: '1', kind: 'tool', moduleId: 'a', name: 'b' })).rejects.toThrow();
  });

  it('refuses a port in use, naming it', async () => {
    const first = await startApiServer({ seed: TEST_SEED });
    try {
      await expect(startApiServer({ seed: TEST_SEED, port: first.port })).rejects.toThrow(
        `cannot listen on 127.0.0.1:${first.port}: EADDRINUSE`,
      );
    } finally {
      await first.close();
    }
  });

  it('refuses a bad seed naming the field, and an unknown store', async () => {
    const seed = structuredClone(TEST_SEED) as { users: Array<{ profile: { user: { tier: unknown } } }> };
    seed.users[1]!.profile.user.tier = 'gold';
    await expect(startApiServer({ seed })).rejects.toThrow(SeedError);
    await expect(startApiServer({ seed })).rejects.toThrow(/^users\[1\]\.profile\.user\.tier: /);
    await expect(startApiServer({ seed: TEST_SEED, store: 'mongodb://x' })).rejects.toThrow(/unsupported store/);
  });
});
