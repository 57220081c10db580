import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_PROFILE } from '../registry/index.ts';
import { type RunningApiServer, startApiServer } from '../startApiServer.ts';
import { createTwitchLink, type TwitchLink } from './createTwitchLink.ts';
import { createMemoryCredentialStore } from './memoryCredentialStore.ts';
import { EVENTSUB_EXAMPLES } from './testing/eventSubExamples.ts';
import type { FakeTwitch } from './testing/fakeTwitch.ts';
import { createTestEventStore } from './testing/memoryEventStore.ts';
import { loggedIn, startStreamerFake } from './testing/twitchTestKit.ts';

const USER = DEMO_PROFILE.user.userId;
const SECRET = 'a-webhook-secret-of-some-length';
let fake: FakeTwitch;
let server: RunningApiServer;
let link: TwitchLink;
let events: ReturnType<typeof createTestEventStore>;
let log: string[];

beforeEach(async () => {
  fake = await startStreamerFake({ live: false });
  link = createTwitchLink();
  server = await startApiServer({ store: 'memory', twitchRoutes: { twitchStates: link.states, twitchWebhook: link.webhook } });
  const credentials = createMemoryCredentialStore();
  await credentials.set(USER, loggedIn(fake));
  events = createTestEventStore();
  log = [];
  const settings = { clientId: fake.clientId, webhook: { callback: `${server.url}/twitch/eventsub`, secret: SECRET, clientSecret: 'app-secret' } };
  await link.start({ settings, storeSpec: { type: 'memory' }, store: server.store, registry: server.registry, events, credentials, log: (line) => log.push(line) });
  await vi.waitFor(() => expect([...fake.subscriptions.values()].filter((s) => s.status === 'enabled')).toHaveLength(11));
});
afterEach(async () => {
  await link.stop();
  await server.close();
  await fake.stop();
});

/** A webhook request as Twitch would sign it, or with `sign` changed to test a forgery. */
function post(body: string, options: { id?: string; timestamp?: string; sign?: (text: string) => string } = {}) {
  const { id = 'msg-1', timestamp = new Date().toISOString(), sign = (text) => `sha256=${createHmac('sha256', SECRET).update(text).digest('hex')}` } = options;
  return fetch(`${server.url}/twitch/eventsub`, {
    method: 'POST',
    headers: { 'Twitch-Eventsub-Message-Id': id, 'Twitch-Eventsub-Message-Timestamp': timestamp, 'Twitch-Eventsub-Message-Signature': sign(id + timestamp + body), 'Twitch-Eventsub-Message-Type': 'notification' },
    body,
  });
}

const CHEER = JSON.stringify({ subscription: { id: 's', type: 'channel.cheer', version: '1', condition: { broadcaster_user_id: '1337' } }, event: EVENTSUB_EXAMPLES['channel.cheer'] });

describe('EventSub webhooks: POST /twitch/eventsub', () => {
  it('subscribes every type with the app token and answers the verification challenge in plain text', async () => {
    const subs = [...fake.subscriptions.values()];
    expect(new Set(subs.map((s) => s.transport.method))).toEqual(new Set(['webhook']));
    expect(subs[0]?.transport.callback).toBe(`${server.url}/twitch/eventsub`);
    expect(fake.requests).toContain('POST /auth/token');
    const answer = await fake.webhook('channel.cheer', 'webhook_callback_verification', { challenge: 'pogchamp-kappa-360noscope-vohiyo' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await answer.text()).toBe('pogchamp-kappa-360noscope-vohiyo');
  });

  it('stores a notification once, also when Twitch retries the same message id', async () => {
    const first = await fake.webhook('channel.raid', 'notification', { event: EVENTSUB_EXAMPLES['channel.raid'] }, 'retried-id');
    const retry = await fake.webhook('channel.raid', 'notification', { event: EVENTSUB_EXAMPLES['channel.raid'] }, 'retried-id');
    expect([first.status, retry.status]).toEqual([204, 204]);
    expect(events.records(USER)).toHaveLength(1);
    expect(events.records(USER)[0]).toMatchObject({ id: 'retried-id', source: 'twitch', subscription: { type: 'channel.raid', version: '1' }, event: EVENTSUB_EXAMPLES['channel.raid'] });
  });

  it('refuses a bad signature and an old timestamp with 403, storing nothing', async () => {
    const forged = await post(CHEER, { sign: (text) => `sha256=${createHmac('sha256', 'not-the-secret').update(text).digest('hex')}` });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({ code: 'FORBIDDEN', message: 'Bad Twitch-Eventsub-Message-Signature' });
    const truncated = await post(CHEER, { sign: () => 'sha256=00' });
    expect(truncated.status).toBe(403);
    const old = await post(CHEER, { timestamp: new Date(Date.now() - 11 * 60_000).toISOString() });
    expect(old.status).toBe(403);
    expect((await old.json()).message).toMatch(/more than 10 minutes/);
    const missing = await fetch(`${server.url}/twitch/eventsub`, { method: 'POST', body: CHEER });
    expect(missing.status).toBe(400);
    expect(events.appended).toHaveLength(0);
    expect((await post(CHEER)).status).toBe(204);
    expect(events.records(USER)).toHaveLength(1);
  });

  it('logs a revocation', async () => {
    const answer = await fake.webhook('channel.follow', 'revocation', {});
    expect(answer.status).toBe(204);
    expect(log.filter((line) => line.includes('channel.follow webhook subscription revoked'))).toHaveLength(1);
  });

  it('shows each streamer\'s Twitch state on GET /', async () => {
    const root = await (await fetch(`${server.url}/`)).json();
    expect(root.twitch).toEqual([{ userId: USER, login: 'user1337', state: 'connected' }]);
  });
});
