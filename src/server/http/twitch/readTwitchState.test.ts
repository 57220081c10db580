import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PROFILE, DEMO_TOKENS, createMemoryRegistry, DEMO_SEED } from '../../registry/index.ts';
import { type RunningApiServer, startApiServer } from '../../startApiServer.ts';
import { openCredentialStore, type RunningTwitch, startTwitch, type TwitchCredentials } from '../../twitch/index.ts';
import { twitchStateOf } from './readTwitchState.ts';
import { createTestEventStore } from '../../twitch/testing/memoryEventStore.ts';

const USER = DEMO_PROFILE.user.userId;
const OTHER = '2002';
let server: RunningApiServer | undefined;
let twitch: RunningTwitch | undefined;

afterEach(async () => {
  await twitch?.stop();
  await server?.close();
  twitch = server = undefined;
});

const credentials = (login: string, state: TwitchCredentials['state']): TwitchCredentials => ({
  twitchUserId: `t-${login}`,
  login,
  accessToken: 'a',
  refreshToken: 'r',
  scopes: [],
  expiresAt: null,
  obtainedAt: 0,
  state,
});

/**
 * An API with Twitch whose stored logins are `logins` (a refused refresh leaves `login-needed`).
 * A login that is fine is not connected here: its streamer is not in this API's registry, or the test needs no Twitch.
 */
async function apiWithTwitch(logins: Record<string, TwitchCredentials>) {
  const store = await openCredentialStore({ type: 'memory' });
  for (const [userId, stored] of Object.entries(logins)) await store.set(userId, stored);
  const registry = createMemoryRegistry(DEMO_SEED);
  twitch = await startTwitch({ clientId: 'test-client', credentials: store, events: createTestEventStore(), registry, log: () => {}, checkEveryMs: 60_000 });
  server = await startApiServer({ store: 'memory', twitchRoutes: { twitchStates: twitch.states } });
  return server;
}

const get = (url: string, token?: string) => fetch(url, { headers: { Accept: 'application/json', ...(token && { Authorization: `Bearer ${token}` }) } });

describe('GET /me/twitch', () => {
  it('tells a token its own user\'s "log in again", never another streamer\'s state, which the root lists', async () => {
    const api = await apiWithTwitch({ [USER]: credentials('pixel', 'login-needed'), [OTHER]: credentials('someone_else', 'ok') });
    const root = await (await get(`${api.url}/`)).json();
    expect(root.twitch).toHaveLength(2);
    for (const token of [DEMO_TOKENS.website, DEMO_TOKENS.tool]) {
      const answer = await get(`${api.url}/me/twitch`, token);
      expect(answer.status).toBe(200);
      const text = await answer.text();
      expect(JSON.parse(text)).toEqual({ state: 'Twitch: log in again', message: `Twitch: log in again — run npm run twitch-login -- --user ${USER}` });
      expect(text).not.toContain('someone_else');
    }
  });

  it('says "not logged in" to a streamer without a Twitch login', async () => {
    const api = await apiWithTwitch({ [OTHER]: credentials('someone_else', 'ok') });
    expect(await (await get(`${api.url}/me/twitch`, DEMO_TOKENS.website)).json()).toEqual({
      state: 'not logged in',
      message: `Twitch: not logged in — run npm run twitch-login -- --user ${USER}`,
    });
  });

  it('needs a website or overlay token, and is listed on the root', async () => {
    const api = await apiWithTwitch({});
    expect((await get(`${api.url}/me/twitch`)).status).toBe(401);
    expect((await get(`${api.url}/me/twitch`, DEMO_PROFILE.streamdeck.token)).status).toBe(403);
    const root = await (await get(`${api.url}/`)).json();
    expect(root.endpoints).toContainEqual({ method: 'GET', path: '/me/twitch', token: 'user' });
  });

  it('has no message for a working login, here or on another instance', () => {
    expect(twitchStateOf(USER, { userId: USER, login: 'pixel', state: 'connected' })).toEqual({ state: 'connected' });
    expect(twitchStateOf(USER, { userId: USER, login: 'pixel', state: 'elsewhere' })).toEqual({ state: 'elsewhere' });
  });

  it('says off when the API runs without Twitch', async () => {
    server = await startApiServer({ store: 'memory' });
    const answer = await get(`${server.url}/me/twitch`, DEMO_TOKENS.website);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ state: 'off' });
    // The route is there: a browser's preflight passes, so a dock reads the answer instead of a network error.
    const preflight = await fetch(`${server.url}/me/twitch`, { method: 'OPTIONS', headers: { Origin: 'https://dock.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' } });
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization');
  });
});
