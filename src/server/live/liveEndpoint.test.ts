import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, LIVE_PATH } from '../../api/index.ts';
import { createMemoryRegistry } from '../registry/index.ts';
import type { StartApiServerOptions } from '../startApiServer.ts';
import { StoreUnavailableError } from '../store/index.ts';
import { startTestServer } from '../testing/apiTestClient.ts';
import { connectLive, type LiveTestClient } from '../testing/liveTestClient.ts';
import { TEST_SEED } from '../testing/testSeed.ts';

const ID = 'de.example.live';
const opened: { close(): Promise<void> }[] = [];

async function serve(options: StartApiServerOptions = {}) {
  const api = await startTestServer(options);
  opened.push(api.server);
  const live = async (path?: string) => {
    const client = await connectLive(api.server.url, { path });
    opened.unshift(client);
    return client;
  };
  return { ...api, live };
}

afterEach(async () => {
  for (const item of opened.splice(0)) await item.close();
});

async function expectClose(client: LiveTestClient, code: number, reason?: string | RegExp) {
  const closed = await client.closed;
  expect(closed.code).toBe(code);
  if (typeof reason === 'string') expect(closed.reason).toBe(reason);
  else if (reason) expect(closed.reason).toMatch(reason);
}

describe('live endpoint: messages', () => {
  it('answers ready, then one change per accepted PATCH of its own space, with the writer in from', async () => {
    const { live, write } = await serve();
    const client = await live();
    const ready = await client.auth('tool-1001');
    expect(ready).toEqual({ type: 'ready', cursor: expect.any(String), eventCursor: expect.any(String), alerts: { state: expect.any(Object), revision: expect.any(Object) } });
    expect((await write('tool-1001', ID, 'count', { n: 1, list: [null, 'ü'] })).status).toBe(200);
    const change = await client.next();
    expect(change).toEqual({ type: 'change', cursor: expect.any(String), moduleId: ID, name: 'count', value: { n: 1, list: [null, 'ü'] }, from: ID });
    expect((change as { cursor: string }).cursor).not.toBe((ready as { cursor: string }).cursor);
    // `other:name` addresses another module: the change names the addressed module, `from` the writer.
    await write('tool-1001', 'de.example.dashboard', `${ID}:count`, 2);
    expect(await client.next()).toMatchObject({ moduleId: ID, name: 'count', value: 2, from: 'de.example.dashboard' });
  });

  it('hears nothing of other kinds, other users, or refused writes', async () => {
    const { live, write, request } = await serve();
    const client = await live();
    await client.auth('tool-1001');
    await write('game-1001', ID, 'other-kind', 1);
    await write('tool-1002', ID, 'other-user', 1);
    expect((await write('tool-1001', ID, 'x'.repeat(300), 1)).status).toBe(400);
    expect((await request('PATCH', '/me/database', { token: 'tool-1001', body: { id: ID, key: 'big', value: 'x'.repeat(70_000) } })).status).toBe(413);
    await write('tool-1001', ID, 'mine', 1);
    expect(await client.next()).toMatchObject({ name: 'mine' });
    expect(client.pending()).toEqual([]);
  });

  it('delivers concurrent writes in the order the store applied them, ending on the stored value', async () => {
    const { live, write, read } = await serve({ store: 'memory' });
    const client = await live();
    await client.auth('tool-1001');
    const writes = Array.from({ length: 50 }, (_, i) => write('tool-1001', ID, 'race', i));
    expect((await Promise.all(writes)).every((answer) => answer.status === 200)).toBe(true);
    const heard = [];
    for (let i = 0; i < 50; i++) heard.push(await client.next());
    const stored = ((await read('tool-1001', ID, 'race')).body as { value: number }).value;
    expect(heard.at(-1)).toMatchObject({ value: stored });
    const cursors = heard.map((message) => (message as { cursor: string }).cursor);
    expect(new Set(cursors).size).toBe(50);
  });

  it('every connection of the space hears each write once', async () => {
    const { live, write } = await serve();
    const clients = [await live(), await live(), await live()];
    for (const client of clients) await client.auth('tool-1001');
    await write('tool-1001', ID, 'fan', 'out');
    for (const client of clients) expect(await client.next()).toMatchObject({ name: 'fan', value: 'out' });
    await write('tool-1001', ID, 'fan', 'again');
    for (const client of clients) {
      expect(await client.next()).toMatchObject({ value: 'again' });
      expect(client.pending()).toEqual([]);
    }
  });

  it('sends {"type":"ping"} at the ping interval', async () => {
    const { server } = await serve({ live: { pingIntervalMs: 50 } });
    const client = await connectLive(server.url, { withPings: true });
    opened.unshift(client);
    await client.auth('tool-1001');
    expect(await client.next()).toEqual({ type: 'ping' });
    expect(await client.next()).toEqual({ type: 'ping' });
  });
});

describe('live endpoint: replay and reset', () => {
  it('replays the writes after since, in order, then goes on live', async () => {
    const { live, write } = await serve();
    const first = await live();
    const ready = (await first.auth('tool-1001')) as { type: string; cursor: string };
    await write('tool-1001', ID, 'a', 1);
    const a = (await first.next()) as { type: string; cursor: string };
    await write('tool-1001', ID, 'b', 2);
    await write('game-1001', ID, 'elsewhere', 0);
    await write('tool-1001', ID, 'c', 3);
    const second = await live();
    const again = (await second.auth('tool-1001', a.cursor)) as { type: string; cursor: string };
    expect(again.type).toBe('ready');
    expect(await second.next()).toMatchObject({ type: 'change', name: 'b', value: 2 });
    const c = (await second.next()) as { type: string; cursor: string };
    expect(c).toMatchObject({ type: 'change', name: 'c', value: 3 });
    expect(again.cursor).toBe(c.cursor);
    await write('tool-1001', ID, 'd', 4);
    expect(await second.next()).toMatchObject({ name: 'd' });
    // From the first ready: all three.
    const third = await live();
    await third.auth('tool-1001', ready.cursor);
    expect([await third.next(), await third.next(), await third.next(), await third.next()].map((m) => (m as { name: string }).name)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('a cursor with nothing after it replays nothing', async () => {
    const { live } = await serve();
    const client = await live();
    const { cursor } = (await client.auth('tool-1001')) as { type: string; cursor: string };
    const again = await live();
    expect(await again.auth('tool-1001', cursor)).toMatchObject({ type: 'ready', cursor });
    await expect(again.next(200)).rejects.toThrow(/no message/);
  });

  it('answers reset (with the ready cursor) for a cursor it no longer has, an unknown one, or garbage', async () => {
    const { live, write } = await serve({ live: { local: { replayEntries: 3 } } });
    const client = await live();
    const { cursor: old } = (await client.auth('tool-1001')) as { type: string; cursor: string };
    for (let i = 0; i < 5; i++) await write('tool-1001', ID, `k${i}`, i);
    for (const since of [old, 'ffffffffffff:1', 'garbage', '']) {
      const again = await live();
      const ready = (await again.auth('tool-1001', since)) as { type: string; cursor: string };
      expect(ready.type).toBe('ready');
      expect(await again.next()).toEqual({ type: 'reset', cursor: ready.cursor });
    }
  });

  it('answers reset for a cursor from before a restart of the server (sqlite: the data survives, the log does not)', async () => {
    const dir = await import('node:fs/promises').then((fs) => fs.mkdtemp(`${process.env.TMPDIR ?? '/tmp'}/overlay-live-`));
    const store = `sqlite:${dir}/live.sqlite`;
    const before = await startTestServer({ store });
    const client = await connectLive(before.server.url);
    const { cursor } = (await client.auth('tool-1001')) as { type: string; cursor: string };
    await before.write('tool-1001', ID, 'kept', 1);
    await client.next();
    await before.server.close();
    expect((await client.closed).code).toBe(1001);
    const after = await serve({ store });
    expect((await after.read('tool-1001', ID, 'kept')).body).toMatchObject({ value: 1 });
    const again = await after.live();
    const ready = (await again.auth('tool-1001', cursor)) as { type: string; cursor: string };
    expect(await again.next()).toEqual({ type: 'reset', cursor: ready.cursor });
  });

  it('a replay larger than the send buffer limit is a reset', async () => {
    const { live, write } = await serve({ live: { maxBufferedBytes: 100_000 } });
    const client = await live();
    const { cursor } = (await client.auth('tool-1001')) as { type: string; cursor: string };
    for (let i = 0; i < 4; i++) await write('tool-1001', ID, `big${i}`, 'x'.repeat(40_000));
    const again = await live();
    await again.auth('tool-1001', cursor);
    expect(await again.next()).toMatchObject({ type: 'reset' });
  });
});

describe('live endpoint: closing codes', () => {
  it('4401 with the 401 texts for a missing or unknown token', async () => {
    const { live } = await serve();
    const missing = await live();
    missing.sendJson({ type: 'auth' });
    await expectClose(missing, 4401, AUTH_MESSAGES.missing);
    const empty = await live();
    empty.sendJson({ type: 'auth', token: '' });
    await expectClose(empty, 4401, AUTH_MESSAGES.missing);
    const unknown = await live();
    unknown.sendJson({ type: 'auth', token: 'nope' });
    await expectClose(unknown, 4401, AUTH_MESSAGES.invalid);
  });

  it('4401 when the token expires while connected', async () => {
    let now = Date.now();
    const { live, request } = await serve({ now: () => now, tokenTtlMs: 60_000, live: { pingIntervalMs: 30 } });
    const exchanged = await request('POST', '/auth/overlay', { body: { overlay: 'ov-tool-1001' } });
    const client = await live();
    expect(await client.auth((exchanged.body as { token: string }).token)).toMatchObject({ type: 'ready' });
    now += 61_000;
    await expectClose(client, 4401, AUTH_MESSAGES.invalid);
  });

  it('4403 for a website token', async () => {
    const { live } = await serve();
    const client = await live();
    client.sendJson({ type: 'auth', token: 'site-1001' });
    await expectClose(client, 4403, /overlay-generated token/);
  });

  it('4408 when no auth message comes in time', async () => {
    const { live } = await serve({ live: { authTimeoutMs: 100 } });
    const client = await live();
    await expectClose(client, 4408, /No auth message within 0.1 s/);
  });

  it.each([
    ['not JSON', '{"type":"auth",'],
    ['not an object', '"auth"'],
    ['another type', '{"type":"hello","token":"tool-1001"}'],
    ['a token that is not a string', '{"type":"auth","token":1001}'],
    ['a since that is not a string', '{"type":"auth","token":"tool-1001","since":5}'],
  ])('4400 for a first message that is %s', async (_, text) => {
    const { live } = await serve();
    const client = await live();
    client.ws.send(text);
    await expectClose(client, 4400, /Malformed message/);
  });

  it('4400 for a binary first message; 1009 for a message above the cap', async () => {
    const { live } = await serve({ live: { maxMessageBytes: 1024 } });
    const binary = await live();
    binary.ws.send(Buffer.from('{"type":"auth","token":"tool-1001"}'));
    await expectClose(binary, 4400, /text frame/);
    const big = await live();
    big.sendJson({ type: 'auth', token: 'x'.repeat(2000) });
    await expectClose(big, 1009);
  });

  it('4429 past the limit per user and overlay kind; a closed connection frees its place', async () => {
    const { live } = await serve({ live: { maxConnectionsPerUser: 2 } });
    const a = await live();
    await a.auth('tool-1001');
    const b = await live();
    await b.auth('tool-1001');
    const refused = await live();
    refused.sendJson({ type: 'auth', token: 'tool-1001' });
    await expectClose(refused, 4429, 'Too many live connections - at most 2 per user and overlay kind');
    const otherUser = await live();
    expect(await otherUser.auth('tool-1002')).toMatchObject({ type: 'ready' });
    await a.close();
    const again = await live();
    expect(await again.auth('tool-1001')).toMatchObject({ type: 'ready' });
  });

  it('1013 when the token check finds the store unavailable; 1011 (and the error reported) when it fails otherwise', async () => {
    const failures: unknown[] = [];
    const registry = createMemoryRegistry(TEST_SEED);
    let failure: Error = new StoreUnavailableError('registry down');
    const failing = { ...registry, resolveToken: async () => Promise.reject(failure) };
    const { live } = await serve({ registry: failing, onInternalError: (error) => failures.push(error) });
    const unavailable = await live();
    unavailable.sendJson({ type: 'auth', token: 'tool-1001' });
    await expectClose(unavailable, 1013, 'Store unavailable - retry with backoff');
    failure = new Error('bug');
    const broken = await live();
    broken.sendJson({ type: 'auth', token: 'tool-1001' });
    await expectClose(broken, 1011, 'Internal error');
    expect(failures).toEqual([failure]);
  });

  it('1001 for every connection, authenticated or not, when the server stops', async () => {
    const { live, server } = await serve();
    const authed = await live();
    await authed.auth('tool-1001');
    const waiting = await live();
    await server.close();
    await expectClose(authed, 1001);
    await expectClose(waiting, 1001);
  });

  it('1008 for a client that stops reading, before its backlog passes the limit by much', async () => {
    const { live, write, server } = await serve({ live: { maxBufferedBytes: 256 * 1024 } });
    const slow = await live();
    await slow.auth('tool-1001');
    (slow.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const value = 'x'.repeat(60_000);
    let answered = 0;
    while (server.live!.size > 0 && answered < 2000) {
      await write('tool-1001', ID, 'flood', value);
      answered++;
    }
    expect(server.live!.size).toBe(0);
    (slow.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    const { code } = await slow.closed;
    // The close frame sits behind the unread backlog; the socket is cut soon after, which a client sees as 1006.
    expect([1008, 1006]).toContain(code);
  });
});

describe('live endpoint: HTTP', () => {
  it('a plain GET answers 426 {code, message} with Upgrade: websocket; other methods 405', async () => {
    const { request } = await serve();
    const answer = await request('GET', LIVE_PATH, { token: 'tool-1001' });
    expect(answer.status).toBe(426);
    expect(answer.body).toEqual({ code: 426, message: expect.stringContaining('WebSocket') });
    expect(answer.headers.get('upgrade')).toBe('websocket');
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    const patch = await request('PATCH', LIVE_PATH, { token: 'tool-1001', body: {} });
    expect(patch.status).toBe(405);
    expect(patch.headers.get('allow')).toBe('GET, OPTIONS');
  });

  it('with live: false, the path is a 404 for a plain GET and for an upgrade', async () => {
    const { request, server } = await serve({ live: false });
    expect((await request('GET', LIVE_PATH)).status).toBe(404);
    await expect(connectLive(server.url)).rejects.toThrow(/upgrade answered 404/);
    expect(server.live).toBeUndefined();
  });

  it('an upgrade request for another path is served as the plain request it also is', async () => {
    const { server } = await serve();
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${server.url}/me`, { headers: { Connection: 'Upgrade', Upgrade: 'h2c', Authorization: 'Bearer tool-1001' } }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ user: { userId: '1001' } });
  });
});
