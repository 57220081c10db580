import { describe, expect, it } from 'vitest';
import { cookieOf, signInThroughTwitch, useSignUpServers } from '../../signin/testing/signUpTestKit.ts';
import { startApiServer } from '../../startApiServer.ts';
import { TWITCH_SCOPES } from '../../twitch/index.ts';
import { startFakeTwitch } from '../../twitch/testing/fakeTwitch.ts';
import { HELIX_USER } from '../../twitch/testing/helixExamples.ts';

const bed = useSignUpServers([
  HELIX_USER,
  { ...HELIX_USER, id: '4242', login: 'other_streamer', display_name: 'Other_Streamer' },
  { ...HELIX_USER, id: '5151', login: 'third_one', display_name: 'Third_One' },
]);

const start = bed.start;

const me = (url: string, token: string, path = '/me') => fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
const SELECTION = { game: '', tools: ['demo.tool.counter', 'demo.tool.goal'], background: 'demo.background.aurora', event: '' };

const STORES = { memory: () => 'memory', sqlite: () => `sqlite:${bed.redis.dir}/signup-${Math.random().toString(36).slice(2)}.sqlite`, redis: () => bed.redis.url };

describe.each(Object.entries(STORES))('sign in with Twitch (%s store)', (_label, storeOf) => {
  it('redirects to Twitch with the code flow, then creates the account and lands signed in on the home page', async () => {
    const { server, publicUrl } = await start({ store: storeOf(), signup: { defaultSelection: SELECTION } });
    const before = Date.now();
    const hops = await signInThroughTwitch(server.url, { userAgent: 'Mozilla/5.0 (test) Firefox/140' });
    const authorize = new URL(hops.authorize);
    expect(hops.toTwitch.status).toBe(302);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`http://localhost:${bed.fake.port}/auth/authorize`);
    expect(Object.fromEntries(authorize.searchParams)).toEqual({
      response_type: 'code',
      client_id: bed.fake.clientId,
      redirect_uri: `${publicUrl}/auth/twitch/callback`,
      scope: TWITCH_SCOPES.join(' '),
      state: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
    });
    expect(hops.finished.status).toBe(302);
    expect(hops.location).toMatch(new RegExp(`^${publicUrl}/home#token=[A-Za-z0-9_-]{43}$`));
    const profile = await (await me(server.url, hops.token!)).json();
    expect(profile.user).toEqual({ userId: '1337', userName: 'Cool_User', streamerType: 'affiliate', registered: expect.any(String), role: 'user', tier: 0 });
    expect(Date.parse(profile.user.registered)).toBeGreaterThanOrEqual(before - 1000);
    expect(profile.selected).toEqual(SELECTION);
    expect(profile.twitch.user.id).toBe('1337');
    const ids = Object.values(profile.overlays) as string[];
    expect(new Set(ids).size).toBe(4);
    for (const id of [...ids, profile.streamdeck.token]) expect(id.length).toBeGreaterThanOrEqual(22);
    const exchanged = await fetch(`${server.url}/auth/overlay`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ overlay: profile.overlays.tool }) });
    expect(exchanged.status).toBe(201);
    // The Twitch login is stored and its EventSub session runs at once.
    await expect.poll(async () => (await (await me(server.url, hops.token!, '/me/twitch')).json()).state).toBe('connected');
    const sessions = (await (await me(server.url, hops.token!, '/me/sessions')).json()).sessions;
    expect(sessions).toEqual([expect.objectContaining({ address: '127.0.0.1', userAgent: 'Mozilla/5.0 (test) Firefox/140', current: true })]);
  });

  it('signs in again to the same account, also after a rename on Twitch, and never counts as a sign-up', async () => {
    const { server } = await start({ store: storeOf(), signup: { maxSignupsPerHour: 1 } });
    const first = await signInThroughTwitch(server.url);
    const overlays = (await (await me(server.url, first.token!)).json()).overlays;
    bed.fake.users.set('1337', { ...HELIX_USER, login: 'renamed_user', display_name: 'Renamed_User' });
    for (let i = 0; i < 3; i++) {
      const again = await signInThroughTwitch(server.url);
      expect(again.token).toBeDefined();
      expect(again.token).not.toBe(first.token);
      expect((await (await me(server.url, again.token!)).json()).overlays).toEqual(overlays);
    }
    expect((await (await me(server.url, first.token!, '/me/sessions')).json()).sessions).toHaveLength(4);
  });
});

describe('sign in with Twitch: refusals', () => {
  it('refuses a used, unknown or expired state with a 400 page, and makes nothing', async () => {
    let now = Date.now();
    const { server } = await start({ now: () => now });
    const hops = await signInThroughTwitch(server.url);
    // Each with the cookie of its state, as the browser that started it has it: the state itself is what is refused.
    const replay = await fetch(hops.callback, { redirect: 'manual', headers: cookieOf(hops.callback) });
    expect(replay.status).toBe(400);
    const page = await replay.text();
    expect(replay.headers.get('content-type')).toContain('text/html');
    expect(page).toContain('This sign-in link is not valid');
    expect(page).toContain('Sign in with Twitch');
    const forged = new URL(hops.callback);
    forged.searchParams.set('state', 'x'.repeat(32));
    expect((await fetch(forged, { redirect: 'manual', headers: cookieOf(forged) })).status).toBe(400);
    bed.fake.auth.authorizeAs('4242');
    const late = await fetch((await fetch(`${server.url}/auth/twitch`, { redirect: 'manual' })).headers.get('location')!, { redirect: 'manual' });
    now += 10 * 60_000;
    const lateCallback = late.headers.get('location')!;
    expect((await fetch(lateCallback, { redirect: 'manual', headers: cookieOf(lateCallback) })).status).toBe(400);
    expect(await server.registry.userIdByTwitchId('4242')).toBeUndefined();
  });

  it('takes the streamer who cancels on Twitch back to the home page with a message and no token', async () => {
    const { server, publicUrl } = await start();
    bed.fake.auth.refuseAuthorize();
    const hops = await signInThroughTwitch(server.url);
    expect(hops.finished.status).toBe(302);
    expect(hops.location).toBe(`${publicUrl}/home#signin-error=access_denied`);
    expect(await server.registry.userIdByTwitchId('1337')).toBeUndefined();
  });

  it('is invite-only with --allowed-logins: others get a 403 page and no account', async () => {
    const { server } = await start({ signup: { allowedLogins: ['other_streamer'] } });
    const refused = await signInThroughTwitch(server.url);
    expect(refused.finished.status).toBe(403);
    expect(refused.page).toContain('invite-only');
    expect(await server.registry.userIdByTwitchId('1337')).toBeUndefined();
    bed.fake.auth.authorizeAs('4242');
    expect((await signInThroughTwitch(server.url)).token).toBeDefined();
  });

  it('caps new accounts per client address and hour: 429 with Retry-After, no account; existing accounts still sign in', async () => {
    const { server } = await start({ signup: { maxSignupsPerHour: 2 } });
    for (const id of ['1337', '4242']) {
      bed.fake.auth.authorizeAs(id);
      expect((await signInThroughTwitch(server.url)).token).toBeDefined();
    }
    bed.fake.auth.authorizeAs('5151');
    const flood = await signInThroughTwitch(server.url);
    expect(flood.finished.status).toBe(429);
    expect(Number(flood.finished.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(flood.page).toContain('Too many');
    expect(await server.registry.userIdByTwitchId('5151')).toBeUndefined();
    bed.fake.auth.authorizeAs('1337');
    expect((await signInThroughTwitch(server.url)).token).toBeDefined();
  });

  it('answers 502 with a readable page when Twitch cannot be reached, and makes nothing', async () => {
    const { server } = await start();
    const toTwitch = await fetch(`${server.url}/auth/twitch`, { redirect: 'manual' });
    const back = await fetch(toTwitch.headers.get('location')!, { redirect: 'manual' });
    await bed.fake.stop();
    const answer = await fetch(back.headers.get('location')!, { redirect: 'manual', headers: cookieOf(back.headers.get('location')!) });
    expect(answer.status).toBe(502);
    expect(await answer.text()).toContain('Twitch cannot be reached');
    expect(await server.registry.userIdByTwitchId('1337')).toBeUndefined();
    bed.fake = await startFakeTwitch();
  });

  it('never takes a redirect target from the request', async () => {
    const { server, publicUrl } = await start();
    const toTwitch = await fetch(`${server.url}/auth/twitch?redirect_uri=https://evil.example/&next=https://evil.example/`, { redirect: 'manual' });
    const authorize = new URL(toTwitch.headers.get('location')!);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${publicUrl}/auth/twitch/callback`);
    const callback = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!);
    callback.searchParams.set('redirect_uri', 'https://evil.example/');
    callback.searchParams.set('next', 'https://evil.example/');
    const finished = await fetch(callback, { redirect: 'manual', headers: cookieOf(callback) });
    expect(finished.headers.get('location')).toMatch(new RegExp(`^${publicUrl}/home#token=`));
  });

  it('says "signup": "twitch" on the root, and has no sign-in routes without --signup', async () => {
    const { server } = await start();
    const root = await (await fetch(`${server.url}/`, { headers: { Accept: 'application/json' } })).json();
    expect(root.signup).toBe('twitch');
    expect(root.endpoints).toContainEqual({ method: 'GET', path: '/auth/twitch', token: 'none' });
    const plain = await startApiServer({ store: 'memory' });
    try {
      expect((await (await fetch(`${plain.url}/`, { headers: { Accept: 'application/json' } })).json()).signup).toBeUndefined();
      expect((await fetch(`${plain.url}/auth/twitch`, { redirect: 'manual' })).status).toBe(404);
      expect((await fetch(`${plain.url}/auth/twitch/callback?code=x&state=y`, { redirect: 'manual' })).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

/** Starts a sign-in as a browser does: the state Twitch gets, and the cookie the browser keeps. */
async function begin(url: string) {
  const toTwitch = await fetch(`${url}/auth/twitch`, { redirect: 'manual' });
  const state = new URL(toTwitch.headers.get('location')!).searchParams.get('state')!;
  return { state, setCookie: toTwitch.headers.get('set-cookie') ?? '' };
}

describe('sign in with Twitch: only the browser that started a sign-in finishes it (login CSRF)', () => {
  it('sets a cookie of the state: HttpOnly, SameSite=Lax, for the callback path only, 10 minutes; Secure on an https public URL', async () => {
    const { server } = await start();
    const plain = await begin(server.url);
    expect(plain.setCookie).toBe(`overlay_signin=${plain.state}; Max-Age=600; Path=/auth/twitch/callback; HttpOnly; SameSite=Lax`);
    const behindProxy = await start({ signup: { publicUrl: 'https://overlay.example.com/api' } });
    const secure = await begin(behindProxy.server.url);
    expect(secure.setCookie).toBe(`overlay_signin=${secure.state}; Max-Age=600; Path=/api/auth/twitch/callback; HttpOnly; SameSite=Lax; Secure`);
  });

  it('refuses a callback without the cookie, or with another sign-in\'s, with a 400 page; the browser that started it still finishes', async () => {
    const { server } = await start();
    // The attacker's own sign-in, approved on Twitch by the attacker: the link they send a victim.
    bed.fake.auth.authorizeAs('4242');
    const attacker = await signInThroughTwitch(server.url, { withCookie: false });
    expect(attacker.finished.status).toBe(400);
    expect(attacker.page).toContain('This sign-in was not started in this browser');
    expect(attacker.finished.headers.get('cache-control')).toBe('no-store');
    // The victim's browser has a sign-in of its own under way: its cookie holds another state.
    const victim = await begin(server.url);
    const crossed = await fetch(attacker.callback, { redirect: 'manual', headers: { Cookie: victim.setCookie.split(';')[0]! } });
    expect(crossed.status).toBe(400);
    expect(crossed.headers.get('set-cookie')).toBe('overlay_signin=; Max-Age=0; Path=/auth/twitch/callback; HttpOnly; SameSite=Lax');
    expect(await server.registry.userIdByTwitchId('4242')).toBeUndefined();
    // Refused before the store: the state is left to the browser that holds its cookie.
    const owner = await fetch(attacker.callback, { redirect: 'manual', headers: cookieOf(attacker.callback) });
    expect(owner.status).toBe(302);
    expect(owner.headers.get('location')).toMatch(/\/home#token=/);
    expect(owner.headers.get('set-cookie')).toMatch(/^overlay_signin=; Max-Age=0;/);
  });

  it('sends only a known error code home: words in error= never reach the home page', async () => {
    const { server, publicUrl } = await start();
    const callback = async (error: string) => {
      const { state } = await begin(server.url);
      const url = `${server.url}/auth/twitch/callback?${new URLSearchParams({ error, error_description: 'x', state })}`;
      return (await fetch(url, { redirect: 'manual', headers: { Cookie: `overlay_signin=${state}` } })).headers.get('location');
    };
    expect(await callback('temporarily_unavailable')).toBe(`${publicUrl}/home#signin-error=temporarily_unavailable`);
    expect(await callback('Your account is locked: paste your token at https://evil.example')).toBe(`${publicUrl}/home#signin-error=signin_failed`);
  });
});

describe('sign in with Twitch on two instances of one Redis', () => {
  it('finishes on one a sign-in started on the other; a sign-out on one is refused on the other at once', async () => {
    const a = await start({ store: bed.redis.url });
    const b = await start({ store: bed.redis.url, signup: { publicUrl: a.publicUrl } });
    const hops = await signInThroughTwitch(a.server.url, { finishAt: b.server.url });
    expect(hops.page).toBe('');
    expect(hops.token).toBeDefined();
    expect((await me(a.server.url, hops.token!)).status).toBe(200);
    expect((await fetch(`${b.server.url}/auth/logout`, { method: 'POST', headers: { Authorization: `Bearer ${hops.token}` } })).status).toBe(204);
    expect((await me(a.server.url, hops.token!)).status).toBe(401);
  });

  it('subscribes the new streamer\'s webhooks within seconds on the webhook path', async () => {
    const { server } = await start({ webhook: true });
    await signInThroughTwitch(server.url);
    await expect
      .poll(() => [...bed.fake.subscriptions.values()].filter((sub) => sub.transport.method === 'webhook' && Object.values(sub.condition).includes('1337')).length, { timeout: 5000 })
      .toBeGreaterThan(5);
  });
});
