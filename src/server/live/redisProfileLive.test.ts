import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../api/index.ts';
import { send } from '../testing/apiTestClient.ts';
import { TEST_SEED } from '../testing/testSeed.ts';
import type { RunningApiServer } from '../startApiServer.ts';
import { twoInstancesOnRedis } from '../testing/twoInstancesOnRedis.ts';

// Two API instances on one redis-server: a rotation and a profile change reach every instance at once.
let a: RunningApiServer;
let b: RunningApiServer;
const { live } = twoInstancesOnRedis({ live: { pingIntervalMs: 60_000 } }, (started) => ({ a, b } = started));
const exchange = async (server: RunningApiServer, overlay: string) => send(server.url, 'POST', '/auth/overlay', { body: { overlay } });


describe('the stored profile on two instances of one Redis', () => {
  it('a rotation on one instance: the old id gets 404 on the other, its tokens 401, its sockets close with 4401', async () => {
    const old = TEST_SEED.users[1]!.profile.overlays.event;
    const { token } = (await exchange(b, old)).body as { token: string };
    const socket = await live(b, token);
    const seedSocket = await live(b, 'event-1002');
    const rotated = await send(a.url, 'POST', '/me/overlays/event/rotate', { token: 'site-1002' });
    expect(rotated.status).toBe(200);
    expect(await socket.closed).toEqual({ code: 4401, reason: AUTH_MESSAGES.invalid });
    expect((await exchange(b, old)).status).toBe(404);
    expect((await send(b.url, 'GET', '/auth/validate', { token })).status).toBe(401);
    const { overlay } = rotated.body as { overlay: string };
    expect((await exchange(b, overlay)).status).toBe(201);
    // A fixed seed token is no exchange of the old id: it stays, and hears of the change.
    expect(await seedSocket.next()).toEqual({ type: 'profile' });
  });

  it('a Stream Deck rotation on one instance: the old token gets 401 on the other at once', async () => {
    const rotated = await send(a.url, 'POST', '/me/streamdeck/rotate', { token: 'site-1001' });
    const { token } = rotated.body as { token: string };
    expect((await send(b.url, 'GET', '/auth/validate', { token: 'deck-1001' })).status).toBe(401);
    expect((await send(b.url, 'GET', '/auth/validate', { token })).body).toMatchObject({ context: 'streamdeck' });
  });

  it('a change of selected reaches every kind of the user on every instance; a layout reaches its kind only', async () => {
    const sockets = await Promise.all([live(a, 'game-1001'), live(b, 'tool-1001'), live(a, 'background-1001'), live(b, 'event-1001')]);
    const otherUser = await live(b, 'tool-1002');
    const selected = { game: '', tools: ['x.tool.one'], background: '', event: '' };
    const etag = (await send(b.url, 'GET', '/me', { token: 'site-1001' })).headers.get('etag')!;
    expect((await send(a.url, 'PUT', '/me/selected', { token: 'site-1001', body: selected, headers: { 'If-Match': etag } })).status).toBe(200);
    for (const socket of sockets) expect(await socket.next()).toEqual({ type: 'profile' });
    expect((await send(b.url, 'GET', '/me', { token: 'tool-1001' })).body).toMatchObject({ selected });
    const boxes = { 'x.tool.one': { x: 10, y: 10, width: 200, height: 100 } };
    expect((await send(b.url, 'PUT', '/me/layout/tool', { token: 'site-1001', body: { boxes } })).status).toBe(200);
    expect(await sockets[1]!.next()).toEqual({ type: 'layout', layout: { kind: 'tool', width: 1920, height: 1080, boxes } });
    expect((await send(a.url, 'GET', '/me/layout/tool', { token: 'tool-1001' })).body).toMatchObject({ boxes });
    // Stale on the other instance: nothing changes, nobody is told.
    expect((await send(a.url, 'PUT', '/me/selected', { token: 'site-1001', body: selected, headers: { 'If-Match': etag } })).status).toBe(412);
    await send(a.url, 'PUT', '/me/favs', { token: 'site-1002', body: { games: [], tools: [], backgrounds: [], events: [] } });
    expect(await otherUser.next()).toEqual({ type: 'profile' });
    for (const socket of sockets) expect(socket.pending()).toEqual([]);
  });
});
