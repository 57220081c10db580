import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../api/index.ts';
import { startTestServer } from '../testing/apiTestClient.ts';
import { connectLive } from '../testing/liveTestClient.ts';
import { TEST_SEED } from '../testing/testSeed.ts';

type Api = Awaited<ReturnType<typeof startTestServer>>;
let api: Api;
beforeAll(async () => {
  api = await startTestServer({ live: { pingIntervalMs: 60_000 } });
});
afterAll(() => api.server.close());

describe('profile notices on one instance (memory store)', () => {
  it('tells every kind of the user {type: profile} after a change, the layout to its kind; a rotation closes its sockets with 4401', async () => {
    const [game, tool] = [await connectLive(api.server.url), await connectLive(api.server.url)];
    await game.auth('game-1001');
    await tool.auth('tool-1001');
    await api.request('PUT', '/me/favs', { token: 'site-1001', body: { games: [], tools: ['a.b'], backgrounds: [], events: [] } });
    expect(await game.next()).toEqual({ type: 'profile' });
    expect(await tool.next()).toEqual({ type: 'profile' });
    await api.request('PUT', '/me/layout/game', { token: 'site-1001', body: { boxes: {} } });
    expect(await game.next()).toEqual({ type: 'layout', layout: { kind: 'game', width: 1920, height: 1080, boxes: {} } });
    const { token } = (await api.request('POST', '/auth/overlay', { body: { overlay: TEST_SEED.users[0]!.profile.overlays.tool } })).body as { token: string };
    const exchanged = await connectLive(api.server.url);
    await exchanged.auth(token);
    await api.request('POST', '/me/overlays/tool/rotate', { token: 'site-1001' });
    expect(await exchanged.closed).toEqual({ code: 4401, reason: AUTH_MESSAGES.invalid });
    expect(await tool.next()).toEqual({ type: 'profile' });
    expect(tool.pending()).toEqual([]);
    for (const client of [game, tool]) await client.close();
  });
});
