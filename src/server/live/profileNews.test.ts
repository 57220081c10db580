import { afterEach, describe, expect, it } from 'vitest';
import { createApiApp } from '../http/index.ts';
import { startTestServer } from '../testing/apiTestClient.ts';
import { connectLive } from '../testing/liveTestClient.ts';

type Api = Awaited<ReturnType<typeof startTestServer>>;
const started: Api[] = [];
afterEach(async () => {
  for (const api of started.splice(0)) await api.server.close();
});

/** A live server whose app also serves the developer routes (as `npm run dev` does). */
async function startWithDevRoutes(): Promise<Api> {
  const api = await startTestServer({
    live: { pingIntervalMs: 60_000 },
    wrap: (app) => createApiApp({ ...app, devRoutes: true }),
  });
  started.push(api);
  return api;
}

describe('profile news at the profile-write door', () => {
  it('a developer route write (PUT /dev/profile) reaches a running overlay at once', async () => {
    const api = await startWithDevRoutes();
    const game = await connectLive(api.server.url);
    await game.auth('game-1001');
    const profile = (await api.request('GET', '/dev/profile', { token: 'site-1001' })).body as { user: { userName: string } };
    const answer = await api.request('PUT', '/dev/profile', { token: 'site-1001', body: { ...profile, user: { ...profile.user, userName: 'renamed' } } });
    expect(answer.status).toBe(200);
    expect(await game.next()).toEqual({ type: 'profile' });
    await game.close();
  });

  it('a write straight to the server registry (as the Twitch refresh makes) reaches a running overlay; a refused one sends nothing', async () => {
    const api = await startWithDevRoutes();
    const tool = await connectLive(api.server.url);
    await tool.auth('tool-1001');
    expect(await api.server.registry.updateProfile('1001', (current) => current, '"not-the-etag"')).toBe('stale');
    await api.server.registry.updateProfile('1001', (current) => ({ ...current, twitch: { ...current.twitch, stream: { ...current.twitch.stream, title: 'live now' } } }));
    expect(await tool.next()).toEqual({ type: 'profile' });
    expect(tool.pending()).toEqual([]);
    await tool.close();
  });
});
