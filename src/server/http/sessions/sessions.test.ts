import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROFILE, DEMO_TOKENS } from '../../registry/index.ts';
import { type RunningApiServer, startApiServer } from '../../startApiServer.ts';
import { startRedisServer, type TestRedisServer } from '../../testing/redisServer.ts';

const USER = DEMO_PROFILE.user.userId;
let redis: TestRedisServer;
const servers: RunningApiServer[] = [];
beforeAll(async () => {
  redis = await startRedisServer();
});
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});
afterAll(() => redis.dispose());

async function start(options: Parameters<typeof startApiServer>[0] = {}) {
  const server = await startApiServer({ store: 'memory', log: () => {}, ...options });
  servers.push(server);
  return server;
}

const call = (server: RunningApiServer, method: string, path: string, token?: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { method, headers: { ...(token && { Authorization: `Bearer ${token}` }), ...headers } });

describe('website sessions over HTTP', () => {
  it('lists the sessions with when, where and last use, never a token; the calling one is marked', async () => {
    const server = await start();
    const first = await server.sessions.issue(USER, { address: '203.0.113.9', userAgent: 'Mozilla/5.0 Firefox/140' });
    const second = await server.sessions.issue(USER, { address: '198.51.100.4', userAgent: 'Safari' });
    const answer = await call(server, 'GET', '/me/sessions', second.token);
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(text).not.toContain(first.token);
    expect(text).not.toContain(second.token);
    expect(JSON.parse(text).sessions).toEqual([
      { id: first.session.id, createdAt: expect.any(String), address: '203.0.113.9', userAgent: 'Mozilla/5.0 Firefox/140', lastUsedAt: expect.any(String), expiresAt: expect.any(String), current: false },
      { id: second.session.id, createdAt: expect.any(String), address: '198.51.100.4', userAgent: 'Safari', lastUsedAt: expect.any(String), expiresAt: expect.any(String), current: true },
    ]);
    // The seed's fixed website token has no session of its own, but sees the user's.
    expect((await (await call(server, 'GET', '/me/sessions', DEMO_TOKENS.website)).json()).sessions).toHaveLength(2);
  });

  it('POST /auth/logout drops the calling token: 204, then 401; the others stay', async () => {
    const server = await start();
    const mine = await server.sessions.issue(USER);
    const other = await server.sessions.issue(USER);
    expect((await call(server, 'GET', '/me', mine.token)).status).toBe(200);
    expect((await call(server, 'POST', '/auth/logout', mine.token)).status).toBe(204);
    expect((await call(server, 'GET', '/me', mine.token)).status).toBe(401);
    expect((await call(server, 'POST', '/auth/logout', mine.token)).status).toBe(401);
    expect((await call(server, 'GET', '/me', other.token)).status).toBe(200);
  });

  it('DELETE /me/sessions/<id> revokes one; an unknown id is 404', async () => {
    const server = await start();
    const mine = await server.sessions.issue(USER);
    const lost = await server.sessions.issue(USER);
    expect((await call(server, 'DELETE', `/me/sessions/${lost.session.id}`, mine.token)).status).toBe(204);
    expect((await call(server, 'GET', '/me', lost.token)).status).toBe(401);
    const again = await call(server, 'DELETE', `/me/sessions/${lost.session.id}`, mine.token);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ code: 404, message: expect.stringContaining('no session') });
  });

  it("cannot revoke another user's session", async () => {
    const server = await start();
    const mine = await server.sessions.issue(USER);
    const theirs = await server.sessions.issue('another-user');
    expect((await call(server, 'DELETE', `/me/sessions/${theirs.session.id}`, mine.token)).status).toBe(404);
    expect(await server.sessions.resolve(theirs.token)).toBeDefined();
  });

  it('refuses an expired website token with 401', async () => {
    let now = Date.now();
    const server = await start({ now: () => now, sessionDays: 1 });
    const { token } = await server.sessions.issue(USER);
    expect((await call(server, 'GET', '/me', token)).status).toBe(200);
    now += 86_400_000;
    expect((await call(server, 'GET', '/me', token)).status).toBe(401);
  });

  it('needs a website token, never from an opaque origin; overlay and Stream Deck tokens get 403', async () => {
    const server = await start();
    const { token } = await server.sessions.issue(USER);
    for (const [method, path] of [['POST', '/auth/logout'], ['GET', '/me/sessions'], ['DELETE', '/me/sessions/abc']] as const) {
      expect((await call(server, method, path)).status).toBe(401);
      expect((await call(server, method, path, DEMO_TOKENS.tool)).status).toBe(403);
      expect((await call(server, method, path, DEMO_PROFILE.streamdeck.token)).status).toBe(403);
      expect((await call(server, method, path, token, { Origin: 'null' })).status).toBe(403);
    }
    expect((await call(server, 'GET', '/me', token)).status).toBe(200);
  });

  it('keeps fixed seed tokens working; signing one out is a 409 that says why', async () => {
    const server = await start();
    const answer = await call(server, 'POST', '/auth/logout', DEMO_TOKENS.website);
    expect(answer.status).toBe(409);
    expect((await answer.json()).message).toContain('cannot be signed out');
    expect((await call(server, 'GET', '/me', DEMO_TOKENS.website)).status).toBe(200);
  });

  it('a session token works for the database routes the way the website token does (403, not 401)', async () => {
    const server = await start();
    const { token } = await server.sessions.issue(USER);
    expect((await call(server, 'GET', '/me/database?id=demo.tool.counter&name=x', token)).status).toBe(403);
  });

  it('on one Redis: a session made on one instance works on the other; a sign-out on one is refused on the other at once', async () => {
    const [a, b] = [await start({ store: redis.url }), await start({ store: redis.url })];
    const { token } = await a.sessions.issue(USER, { address: '203.0.113.1' });
    expect((await call(b, 'GET', '/me', token)).status).toBe(200);
    expect((await (await call(b, 'GET', '/me/sessions', token)).json()).sessions).toHaveLength(1);
    expect((await call(b, 'POST', '/auth/logout', token)).status).toBe(204);
    expect((await call(a, 'GET', '/me', token)).status).toBe(401);
  });

  it('on SQLite: sessions survive a restart on the same file', async () => {
    const file = `${redis.dir}/sessions.sqlite`;
    const first = await start({ store: `sqlite:${file}` });
    const { token } = await first.sessions.issue(USER);
    await first.close();
    const second = await start({ store: `sqlite:${file}` });
    expect((await call(second, 'GET', '/me', token)).status).toBe(200);
  });
});
