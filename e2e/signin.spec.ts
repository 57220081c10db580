import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../src/server/testing/freePort.ts';
import { type FakeTwitch, startFakeTwitch } from '../src/server/twitch/testing/fakeTwitch.ts';
import { HELIX_USER } from '../src/server/twitch/testing/helixExamples.ts';
import { startPageServer } from './support/SiteBuild.ts';

// The build of playwright.config.ts's web server: this file starts its own `npm start` on it, with sign-up on.
const DIST = resolve(`node_modules/.cache/overlay-e2e-${process.env.E2E_PAGE_PORT}`);

let fake: FakeTwitch;
let site: { url: string; stop(): Promise<void> };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  fake = await startFakeTwitch();
  fake.users.set('1337', HELIX_USER);
  // The spawned server inherits it: its calls to Twitch reach the fake (twurple's mock-port convention).
  process.env.TWURPLE_MOCK_API_PORT = String(fake.port);
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  site = await startPageServer([
    ...['--port', String(port), '--store', 'memory', '--dist', DIST],
    ...['--signup', 'twitch', '--twitch-client-id', fake.clientId, '--twitch-client-secret', fake.clientSecret, '--public-url', publicUrl],
  ]);
});

test.afterAll(async () => {
  await site?.stop();
  await fake?.stop();
});

test('"Sign in with Twitch" on the home page goes through Twitch and lands signed in, the token off the address', async ({ page }) => {
  fake.auth.authorizeAs('1337');
  await page.goto(`${site.url}/home`);
  await page.getByRole('link', { name: 'Sign in with Twitch' }).click();
  await expect(page.getByRole('heading', { name: 'Overlays', exact: true })).toBeVisible();
  await expect(page).toHaveURL(`${site.url}/home`);
  const token = await page.evaluate(() => sessionStorage.getItem('overlay.home.token') ?? '');
  const me = await (await fetch(`${site.url}/api/me`, { headers: { Authorization: `Bearer ${token}` } })).json();
  expect(me.user).toMatchObject({ userId: '1337', userName: 'Cool_User', role: 'user', tier: 0 });
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByLabel('Website token', { exact: true })).toBeVisible();
  // Signed out on the server too: the token is refused.
  await expect.poll(async () => (await fetch(`${site.url}/api/me`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
});

test('a streamer who cancels on Twitch is back on the home page with a message, not signed in', async ({ page }) => {
  fake.auth.refuseAuthorize();
  await page.goto(`${site.url}/home`);
  await page.getByRole('link', { name: 'Sign in with Twitch' }).click();
  await expect(page.getByRole('alert')).toContainText('Sign-in cancelled on Twitch');
  await expect(page.getByLabel('Website token', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(`${site.url}/home`);
});
