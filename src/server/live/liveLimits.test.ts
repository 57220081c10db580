import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, LIVE_PATH } from '../../api/index.ts';
import type { StartApiServerOptions } from '../startApiServer.ts';
import { startTestServer } from '../testing/apiTestClient.ts';
import { type ConnectLiveOptions, connectLive } from '../testing/liveTestClient.ts';

const opened: { close(): Promise<void> }[] = [];

async function serve(options: StartApiServerOptions = {}) {
  const api = await startTestServer(options);
  opened.push(api.server);
  const live = async (connect: ConnectLiveOptions = {}) => {
    const client = await connectLive(api.server.url, connect);
    opened.unshift(client);
    return client;
  };
  return { ...api, live };
}

afterEach(async () => {
  for (const item of opened.splice(0)) await item.close();
});

/** A raw TCP client that asks for the upgrade and then never reads or answers anything: what a hostile peer holds open. */
async function silentUpgrade(url: string, headers = ''): Promise<{ socket: Socket; status: Promise<string>; answer: Promise<string>; ended: Promise<void> }> {
  const { port } = new URL(url);
  const socket = connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write(`GET ${LIVE_PATH} HTTP/1.1\r\nHost: x\r\n${headers}Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`);
  const answer = new Promise<string>((resolve) => socket.once('data', (data) => resolve(data.toString())));
  const status = answer.then((text) => text.split('\r\n')[0]!);
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  opened.push({ close: async () => void socket.destroy() });
  return { socket, status, answer, ended };
}

/** `count` upgrades that never authenticate, `batch` at a time; resolves once each was answered. */
async function idleUpgrades(url: string, count: number, batch = 100): Promise<string[]> {
  const statuses: string[] = [];
  for (let done = 0; done < count; done += batch) {
    const sockets = await Promise.all(Array.from({ length: Math.min(batch, count - done) }, () => silentUpgrade(url)));
    statuses.push(...(await Promise.all(sockets.map((each) => each.status))));
  }
  return statuses;
}

describe('live endpoint: tokens stay checked, limits hold', () => {
  it('4401 at the next ping round once the token was dropped by newer exchanges of its overlay id', async () => {
    const { live, request } = await serve({ live: { pingIntervalMs: 50 }, maxTokensPerOverlay: 2 });
    const exchange = async () => ((await request('POST', '/auth/overlay', { body: { overlay: 'ov-tool-1001' } })).body as { token: string }).token;
    const first = await exchange();
    const client = await live();
    expect(await client.auth(first)).toMatchObject({ type: 'ready' });
    await exchange();
    await exchange();
    expect(await client.closed).toEqual({ code: 4401, reason: AUTH_MESSAGES.invalid });
  }, 5_000);

  it('4401 at once, not at the ping round, when a newer exchange drops the token; the newer token\'s connection stays', async () => {
    const { live, request } = await serve({ live: { pingIntervalMs: 60_000 }, maxTokensPerOverlay: 1 });
    const exchange = async () => ((await request('POST', '/auth/overlay', { body: { overlay: 'ov-tool-1001' } })).body as { token: string }).token;
    const dropped = await live();
    expect(await dropped.auth(await exchange())).toMatchObject({ type: 'ready' });
    const other = await live();
    expect(await other.auth('tool-1001')).toMatchObject({ type: 'ready' });
    const current = await exchange();
    expect(await dropped.closed).toEqual({ code: 4401, reason: AUTH_MESSAGES.invalid });
    const kept = await live();
    expect(await kept.auth(current)).toMatchObject({ type: 'ready' });
    await request('PATCH', '/me/database', { token: current, body: { id: 'a.b', key: 'k', value: 1 } });
    for (const client of [kept, other]) expect(await client.next()).toMatchObject({ type: 'change', name: 'k' });
  }, 5_000);

  it('the per-user cap counts each overlay kind apart: a full tool overlay leaves the game overlay its place', async () => {
    const { live } = await serve({ live: { maxConnectionsPerUser: 2 } });
    for (let i = 0; i < 2; i++) expect(await (await live()).auth('tool-1001')).toMatchObject({ type: 'ready' });
    const refused = await live();
    refused.sendJson({ type: 'auth', token: 'tool-1001' });
    expect(await refused.closed).toEqual({ code: 4429, reason: 'Too many live connections - at most 2 per user and overlay kind' });
    expect(await (await live()).auth('game-1001')).toMatchObject({ type: 'ready' });
  });

  it('a client that never answers the close frame is cut at the auth deadline, not held', async () => {
    const { server } = await serve({ live: { authTimeoutMs: 100 } });
    const silent = await silentUpgrade(server.url);
    expect(await silent.status).toBe('HTTP/1.1 101 Switching Protocols');
    // ws would wait 30 s for the close frame's answer; the test's own 5 s limit fails first.
    await silent.ended;
    expect(server.live!.size).toBe(0);
  }, 5_000);

  it('past the cap of one address, the oldest waiting connection of that address gets 4408 and the new one its place', async () => {
    const { server, live } = await serve({ live: { maxPendingConnections: 10, maxPendingPerAddress: 2 } });
    const [oldest, second] = [await live(), await live()];
    const newest = await live();
    expect(await oldest.closed).toEqual({ code: 4408, reason: 'No auth message in time - newer connections from this address are waiting' });
    expect(await newest.auth('tool-1001')).toMatchObject({ type: 'ready' });
    expect(second.ws.readyState).toBe(second.ws.OPEN);
    // The authenticated one does not count: two more waiting ones fit beside `second` before it is the oldest.
    await live();
    expect(second.ws.readyState).toBe(second.ws.OPEN);
    await live();
    expect(await second.closed).toMatchObject({ code: 4408 });
    await expect.poll(() => server.live!.size).toBe(3);
  });

  it('with 3,000 idle unauthenticated sockets from one address, a client there that authenticates at once gets ready', async () => {
    const { server, live } = await serve();
    const statuses = await idleUpgrades(server.url, 3000);
    expect(new Set(statuses)).toEqual(new Set(['HTTP/1.1 101 Switching Protocols']));
    const client = await live();
    expect(await client.auth('tool-1001')).toMatchObject({ type: 'ready' });
    // The idle ones beyond the address's 128 were cut, not kept.
    await expect.poll(() => server.live!.size).toBeLessThanOrEqual(129);
  }, 60_000);

  it('the cap of all stays a refusal: 503 with Retry-After to an address below its own cap', async () => {
    const { server } = await serve({ live: { maxPendingConnections: 2, maxPendingPerAddress: 5 } });
    for (const each of [await silentUpgrade(server.url), await silentUpgrade(server.url)]) expect(await each.status).toBe('HTTP/1.1 101 Switching Protocols');
    const refused = await silentUpgrade(server.url);
    expect(await refused.answer).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n(.*\r\n)*Retry-After: 1\r\n/);
  });

  it('behind a proxy (trustProxy 1), each forwarded client has its own cap; without it, a forged header changes nothing', async () => {
    const behind = await serve({ trustProxy: 1, live: { maxPendingConnections: 10, maxPendingPerAddress: 1 } });
    const first = await behind.live({ headers: { 'X-Forwarded-For': '203.0.113.1' } });
    const second = await behind.live({ headers: { 'X-Forwarded-For': '203.0.113.1, 203.0.113.2' } });
    expect(await second.auth('tool-1001')).toMatchObject({ type: 'ready' });
    expect(await first.auth('tool-1001')).toMatchObject({ type: 'ready' });
    const direct = await serve({ live: { maxPendingConnections: 10, maxPendingPerAddress: 1 } });
    const forged = await direct.live({ headers: { 'X-Forwarded-For': '203.0.113.1' } });
    await direct.live({ headers: { 'X-Forwarded-For': '203.0.113.2' } });
    expect(await forged.closed).toMatchObject({ code: 4408 });
  });

  it('an upgrade from an opaque origin (Origin: null, module frames) gets 403 before any cap counts it', async () => {
    const { server, live } = await serve({ live: { maxPendingConnections: 1, maxPendingPerAddress: 1 } });
    const waiting = await silentUpgrade(server.url);
    expect(await waiting.status).toBe('HTTP/1.1 101 Switching Protocols');
    // The cap of all is full, yet the answer is 403 (not 503), and the waiting connection is not evicted for it.
    for (let i = 0; i < 5; i++) {
      const opaque = await silentUpgrade(server.url, 'Origin: null\r\n');
      const answer = await opaque.answer;
      expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 403 Forbidden');
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ code: 403, message: expect.stringContaining('opaque origin (Origin: null)') });
    }
    await expect(live({ headers: { Origin: 'null' } })).rejects.toThrow('upgrade answered 403');
    expect(server.live!.size).toBe(1);
    waiting.socket.destroy();
    await expect.poll(() => server.live!.size).toBe(0);
    expect(await (await live({ headers: { Origin: server.url } })).auth('tool-1001')).toMatchObject({ type: 'ready' });
  });
});
