import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp, type RunningApiServer, startApiServer } from '../server/index.ts';
import { TEST_SEED } from '../server/testing/testSeed.ts';
import { createDevApi } from './createDevApi.ts';

let dev: RunningApiServer;
let plain: RunningApiServer;
beforeAll(async () => {
  dev = await startApiServer({ seed: TEST_SEED, wrap: (app) => createApiApp({ ...app, devRoutes: true }) });
  plain = await startApiServer({ seed: TEST_SEED });
});
afterAll(() => Promise.all([dev.close(), plain.close()]));

describe('createDevApi', () => {
  it('exchanges the overlay id, lists the kind\'s values and saves a profile', async () => {
    await dev.store.set({ userId: '1001', kind: 'game', moduleId: 'a.game', name: 'score' }, '7');
    const api = await createDevApi({ apiBase: dev.url, auth: { overlay: 'ov-game-1001' } });
    expect(api.kind).toBe('game');
    expect(await api.listDatabase()).toEqual([{ moduleId: 'a.game', name: 'score', value: 7 }]);
    const profile = await api.me();
    profile.twitch.stream.title = 'From the studio';
    expect((await api.saveProfile(profile)).twitch.stream.title).toBe('From the studio');
  });

  it('reads every overlay id and the Stream Deck token, which GET /me does not tell its overlay token, and saving keeps them', async () => {
    const api = await createDevApi({ apiBase: dev.url, auth: { overlay: 'ov-tool-1001' } });
    const profile = await api.me();
    expect(profile.overlays).toEqual(TEST_SEED.users[0]!.profile.overlays);
    expect(profile.streamdeck.token).toBe('deck-1001');
    expect((await api.saveProfile(profile)).streamdeck.token).toBe('deck-1001');
  });

  it('exchanges again when the server forgot its token (a restarted dev server)', async () => {
    let forget = true;
    const fetch: typeof globalThis.fetch = async (input, init) => {
      if (forget && String(input).includes('/dev/')) {
        forget = false;
        return new Response('{"code":401,"message":"Authorization has failed - invalid Bearer token"}', { status: 401 });
      }
      return globalThis.fetch(input, init);
    };
    const api = await createDevApi({ apiBase: dev.url, auth: { overlay: 'ov-tool-1001' }, fetch });
    expect(await api.listDatabase()).toEqual([]);
  });

  it('says when the API has no developer routes', async () => {
    const api = await createDevApi({ apiBase: plain.url, auth: { token: 'tool-1001', kind: 'tool' } });
    await expect(api.listDatabase()).rejects.toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('npm run dev') });
  });

  it('reads the profile with GET /me where the API has no developer routes: the own kind\'s overlay id, no Stream Deck token', async () => {
    const api = await createDevApi({ apiBase: plain.url, auth: { token: 'tool-1001', kind: 'tool' } });
    const profile = await api.me();
    expect(profile.overlays.tool).toBe(TEST_SEED.users[0]!.profile.overlays.tool);
    expect([profile.overlays.game, profile.streamdeck.token]).toEqual(['', '']);
  });
});
