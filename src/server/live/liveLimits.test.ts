import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, LIVE_PATH } from '../../api/index.ts';
import type { StartApiServerOptions } from '../startApiServer.ts';
import { startTestServer } from '../testing/apiTestClient.ts';
import { connectLive } from '../testing/liveTestClient.ts';

const opened: { close(): Promise<void> }[] = [];

async function serve(options: StartApiServerOptions = {}) {
  const api = await startTestServer(options);
  opened.push(api.server);
  const live = async () => {
    const client = await connectLive(api.server.url);
    opened.unshift(client);
    return client;
  };
  return { ...api, live };
}

afterEach(async () => {
  for (const item of opened.splice(0)) await item.close();
});

/** A raw TCP client that asks for the upgrade and then never reads or answers anything: what a hostile peer holds open. */
async function silentUpgrade(url: string): Promise<{ socket: Socket; status: Promise<string>; ended: Promise<void> }> {
  const { port } = new URL(url);
  const socket = connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write(`GET ${LIVE_PATH} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`);
  const status = new Promise<string>((resolve) => socket.once('data', (data) => resolve(data.toString().split('\r\n')[0]!)));
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  opened.push({ close: async () => void socket.destroy() });
  return { socket, status, ended };
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

  it('caps connections that have not authenticated, per address and in all', async () => {
    const { server, live } = await serve({ live: { maxPendingConnections: 3, maxPendingPerAddress: 2 } });
    const waiting = [await silentUpgrade(server.url), await silentUpgrade(server.url)];
    for (const each of waiting) expect(await each.status).toBe('HTTP/1.1 101 Switching Protocols');
    const third = await silentUpgrade(server.url);
    expect(await third.status).toBe('HTTP/1.1 429 Too Many Requests');
    // Once a waiting connection is gone, its place is free again; authenticated ones do not count.
    waiting[0]!.socket.destroy();
    await expect.poll(() => server.live!.size).toBe(1);
    const authed = await live();
    expect(await authed.auth('tool-1001')).toMatchObject({ type: 'ready' });
    expect(await (await silentUpgrade(server.url)).status).toBe('HTTP/1.1 101 Switching Protocols');
  });
});
