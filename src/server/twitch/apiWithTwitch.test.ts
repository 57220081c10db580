import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PROFILE, DEMO_TOKENS } from '../registry/index.ts';
import { spawnApiServer } from '../spawnApiServer.ts';
import { freePort } from '../testing/freePort.ts';
import { createSqliteCredentialStore } from './sqliteCredentialStore.ts';
import type { FakeTwitch } from './testing/fakeTwitch.ts';
import { loggedIn, startStreamerFake } from './testing/twitchTestKit.ts';

const USER = DEMO_PROFILE.user.userId;
const dir = mkdtempSync(join(tmpdir(), 'api-twitch-'));
let fake: FakeTwitch;
beforeAll(async () => {
  fake = await startStreamerFake();
});
afterAll(async () => {
  await fake.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run api -- --twitch-client-id', () => {
  it('connects the logged-in streamer: start-up line, subscriptions, profile from Helix, GET / state', async () => {
    const file = join(dir, 'data.sqlite');
    const credentials = createSqliteCredentialStore(file);
    const login = loggedIn(fake);
    await credentials.set(USER, login);
    await credentials.close();
    const server = await spawnApiServer({ args: ['--port', '0', '--store', `sqlite:${file}`, '--twitch-client-id', fake.clientId] });
    try {
      expect(server.stdout()).toContain(`Twitch (EventSub WebSocket): user ${USER} as user1337: connected`);
      await vi.waitFor(() => expect(fake.subscriptions.size).toBe(11), { timeout: 10_000 });
      const me = async () => (await (await fetch(`${server.url}/me`, { headers: { Authorization: `Bearer ${DEMO_TOKENS.website}` } })).json()) as typeof DEMO_PROFILE;
      await vi.waitFor(async () => expect((await me()).twitch.user.name).toBe('cool_user'), { timeout: 10_000 });
      expect((await me()).twitch.stream).toMatchObject({ status: 'live', viewer: 78365, title: 'Hey chat!' });
      const root = await (await fetch(`${server.url}/`)).json();
      expect(root.twitch).toEqual([{ userId: USER, login: 'user1337', state: 'connected' }]);
      for (const secret of [login.accessToken, login.refreshToken]) expect(server.stdout() + server.stderr()).not.toContain(secret);
    } finally {
      expect((await server.stop()).code).toBe(0);
    }
  }, 60_000);

  it('takes its settings and secrets from the environment and from files, and prints no secret', async () => {
    const file = join(dir, 'env.sqlite');
    const credentials = createSqliteCredentialStore(file);
    await credentials.set(USER, loggedIn(fake));
    await credentials.close();
    const [webhookSecret, clientSecret] = ['webhook-secret-from-a-file-4Jq8', 'client-secret-from-a-file-Zr7p'];
    writeFileSync(join(dir, 'webhook-secret'), `${webhookSecret}\n`);
    writeFileSync(join(dir, 'client-secret'), `${clientSecret}\n`);
    const port = await freePort();
    const env = {
      PORT: String(port),
      OVERLAY_STORE: `sqlite:${file}`,
      OVERLAY_TWITCH_CLIENT_ID: fake.clientId,
      OVERLAY_TWITCH_WEBHOOK_URL: `http://127.0.0.1:${port}/twitch/eventsub`,
      OVERLAY_TWITCH_WEBHOOK_SECRET_FILE: join(dir, 'webhook-secret'),
      OVERLAY_TWITCH_CLIENT_SECRET_FILE: join(dir, 'client-secret'),
    };
    const server = await spawnApiServer({ env });
    try {
      expect(server.port).toBe(port);
      const webhooks = () => [...fake.subscriptions.values()].filter((sub) => sub.transport.method === 'webhook');
      await vi.waitFor(() => expect(webhooks()).toHaveLength(11), { timeout: 15_000 });
      for (const sub of webhooks()) expect(sub.secret).toBe(webhookSecret);
      for (const secret of [webhookSecret, clientSecret]) expect(server.stdout() + server.stderr()).not.toContain(secret);
    } finally {
      expect((await server.stop()).code).toBe(0);
    }
    for (const secret of [webhookSecret, clientSecret]) expect(server.stdout() + server.stderr()).not.toContain(secret);
  }, 90_000);
});
