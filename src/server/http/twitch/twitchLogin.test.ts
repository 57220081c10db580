import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PROFILE, DEMO_TOKENS } from '../../registry/index.ts';
import { type RunningApiServer, startApiServer } from '../../startApiServer.ts';
import { createTwitchLink, type TwitchLink } from '../../twitch/index.ts';
import { type FakeTwitch, startFakeTwitch } from '../../twitch/testing/fakeTwitch.ts';
import { HELIX_USER } from '../../twitch/testing/helixExamples.ts';

const USER = DEMO_PROFILE.user.userId;
let fake: FakeTwitch;
let server: RunningApiServer | undefined;
let link: TwitchLink | undefined;
const log: string[] = [];

beforeEach(async () => {
  fake = await startFakeTwitch();
  process.env.TWURPLE_MOCK_API_PORT = String(fake.port);
  fake.users.set('1337', HELIX_USER);
});
afterEach(async () => {
  await link?.stop();
  await server?.close();
  await fake.stop();
  server = link = undefined;
});

/** The API with the Twitch link as `npm run api -- --twitch-client-id` wires it; the device flow polls every 5 ms. */
async function apiWithTwitch() {
  link = createTwitchLink();
  server = await startApiServer({ store: 'memory', twitchRoutes: { twitchStates: link.states, twitchLogin: link.login } });
  const sleep = () => new Promise<void>((done) => setTimeout(done, 5));
  await link.start({ settings: { clientId: fake.clientId }, storeSpec: { type: 'memory' }, store: server.store, registry: server.registry, events: server.events, sleep, log: (line) => log.push(line) });
  return server;
}

const call = (method: string, path: string, token?: string, headers: Record<string, string> = {}) =>
  fetch(`${server!.url}${path}`, { method, headers: { ...(token && { Authorization: `Bearer ${token}` }), ...headers } });
const stateOf = async () => (await (await call('GET', '/me/twitch', DEMO_TOKENS.website)).json()).state as string;
const login = async () => {
  const answer = await call('POST', '/me/twitch/login', DEMO_TOKENS.website);
  expect(answer.status).toBe(200);
  return (await answer.json()) as { verificationUri: string; userCode: string; expiresIn: number };
};
const websocketSubscriptions = () => [...fake.subscriptions.values()].filter((sub) => sub.transport.method === 'websocket');

describe('POST /me/twitch/login and DELETE /me/twitch (the device flow run by the server)', () => {
  it('answers the code, says pending, then connected once approved, and starts the EventSub session', async () => {
    await apiWithTwitch();
    expect(await stateOf()).toBe('not logged in');
    const started = await login();
    expect(started).toEqual({ verificationUri: expect.stringMatching(/^https:\/\/www\.twitch\.tv\/activate/), userCode: expect.stringMatching(/^[0-9A-F]{8}$/), expiresIn: 1800 });
    expect(await stateOf()).toBe('pending');
    // The code never reaches GET /me/twitch, which overlay tokens read too.
    expect(await (await call('GET', '/me/twitch', DEMO_TOKENS.tool)).text()).not.toContain(started.userCode);
    fake.auth.approve(started.userCode, '1337');
    await expect.poll(stateOf).toBe('connected');
    await expect.poll(() => websocketSubscriptions().length).toBeGreaterThan(0);
  });

  it('forgets the login and stops its session: 204, then "not logged in"; 204 again with nothing connected', async () => {
    await apiWithTwitch();
    fake.auth.approve((await login()).userCode, '1337');
    await expect.poll(() => websocketSubscriptions().length).toBeGreaterThan(0);
    const answer = await call('DELETE', '/me/twitch', DEMO_TOKENS.website);
    expect(answer.status).toBe(204);
    expect(await stateOf()).toBe('not logged in');
    // The session's socket closed: Twitch drops its subscriptions.
    await expect.poll(() => websocketSubscriptions().length).toBe(0);
    expect((await call('DELETE', '/me/twitch', DEMO_TOKENS.website)).status).toBe(204);
  });

  it('goes back to the state before when the streamer refuses, or the code expires', async () => {
    await apiWithTwitch();
    fake.auth.deny((await login()).userCode);
    await expect.poll(stateOf).toBe('not logged in');
    fake.auth.approve((await login()).userCode, '1337');
    await expect.poll(stateOf).toBe('connected');
    await login();
    expect(await stateOf()).toBe('pending');
    fake.auth.expireDeviceCodes();
    await expect.poll(stateOf).toBe('connected');
  });

  it('starts a new code when called while one is pending; the older one stores nothing', async () => {
    await apiWithTwitch();
    const first = await login();
    const second = await login();
    expect(second.userCode).not.toBe(first.userCode);
    fake.auth.approve(first.userCode, '999');
    await new Promise((done) => setTimeout(done, 100));
    expect(await stateOf()).toBe('pending');
    fake.auth.approve(second.userCode, '1337');
    await expect.poll(stateOf).toBe('connected');
    const root = await (await call('GET', '/', undefined, { Accept: 'application/json' })).json();
    expect(root.twitch).toEqual([{ userId: USER, login: 'user1337', state: 'connected' }]);
  });

  it('a DELETE while pending ends the pending login', async () => {
    await apiWithTwitch();
    const started = await login();
    expect((await call('DELETE', '/me/twitch', DEMO_TOKENS.website)).status).toBe(204);
    expect(await stateOf()).toBe('not logged in');
    fake.auth.approve(started.userCode, '1337');
    await new Promise((done) => setTimeout(done, 100));
    expect(await stateOf()).toBe('not logged in');
  });

  it('needs the website token, not from an opaque origin', async () => {
    await apiWithTwitch();
    for (const method of ['POST', 'DELETE']) {
      const path = method === 'POST' ? '/me/twitch/login' : '/me/twitch';
      expect((await call(method, path)).status).toBe(401);
      expect((await call(method, path, 'not-a-token')).status).toBe(401);
      expect((await call(method, path, DEMO_TOKENS.tool)).status).toBe(403);
      expect((await call(method, path, DEMO_PROFILE.streamdeck.token)).status).toBe(403);
      const opaque = await call(method, path, DEMO_TOKENS.website, { Origin: 'null' });
      expect(opaque.status).toBe(403);
      expect(await opaque.json()).toMatchObject({ code: 403, message: expect.stringContaining('opaque origin') });
    }
    expect(fake.requests.filter((line) => line === 'POST /auth/device')).toEqual([]);
  });

  it('answers 409 when the server has no Twitch client id; DELETE is still 204', async () => {
    server = await startApiServer({ store: 'memory' });
    const answer = await call('POST', '/me/twitch/login', DEMO_TOKENS.website);
    expect(answer.status).toBe(409);
    expect(await answer.json()).toEqual({ code: 409, message: expect.stringContaining('--twitch-client-id') });
    expect((await call('DELETE', '/me/twitch', DEMO_TOKENS.website)).status).toBe(204);
  });

  it('answers 502 when Twitch refuses to give a code', async () => {
    await apiWithTwitch();
    await fake.stop();
    const answer = await call('POST', '/me/twitch/login', DEMO_TOKENS.website);
    expect(answer.status).toBe(502);
    expect(await stateOf()).toBe('not logged in');
    fake = await startFakeTwitch();
  });
});
