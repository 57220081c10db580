import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { tokenKey } from '../src/home/index.ts';
import { signInThroughTwitch } from '../src/server/signin/testing/signUpTestKit.ts';
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
  fake.users.set('4242', { ...HELIX_USER, id: '4242', login: 'other_streamer', display_name: 'Other_Streamer' });
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
  const token = await page.evaluate((key) => sessionStorage.getItem(key) ?? '', tokenKey(`${site.url}/api`));
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

test('a sign-in link made in another browser is refused with a page that says so, and signs nobody in (login CSRF)', async ({ page }) => {
  // The attacker starts a sign-in and approves it with their own Twitch account, then sends the callback address.
  fake.auth.authorizeAs('4242');
  const authorize = (await fetch(`${site.url}/auth/twitch`, { redirect: 'manual' })).headers.get('location')!;
  const callback = (await fetch(authorize, { redirect: 'manual' })).headers.get('location')!;
  const answer = await page.goto(callback);
  expect(answer?.status()).toBe(400);
  await expect(page.getByRole('heading', { name: 'This sign-in was not started in this browser' })).toBeVisible();
  await page.goto(`${site.url}/home`);
  await expect(page.getByLabel('Website token', { exact: true })).toBeVisible();
});

test('a #token= of another account asks first, naming it: Keep current account keeps the tab\'s, Switch account switches', async ({ page }) => {
  fake.auth.authorizeAs('1337');
  await page.goto(`${site.url}/home`);
  await page.getByRole('link', { name: 'Sign in with Twitch' }).click();
  await expect(page.getByTestId('home-user')).toHaveText('Cool_User');
  fake.auth.authorizeAs('4242');
  const theirs = (await signInThroughTwitch(site.url)).token!;
  // The page is open: only its fragment changes, as when a link to it is followed.
  await page.goto(`${site.url}/home#token=${theirs}`);
  const prompt = page.getByRole('alertdialog', { name: 'Switch account?' });
  await expect(prompt.getByTestId('offered-account')).toHaveText('Other_Streamer');
  await expect(prompt).toContainText('instead of Cool_User');
  await expect(page).toHaveURL(`${site.url}/home`);
  await expect(prompt.getByRole('button', { name: 'Keep current account', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(prompt).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('home-user')).toHaveText('Cool_User');
  // A new page load with the token asks as well.
  await page.goto('about:blank');
  await page.goto(`${site.url}/home#token=${theirs}`);
  await prompt.getByRole('button', { name: 'Switch account', exact: true }).click();
  await expect(page.getByTestId('home-user')).toHaveText('Other_Streamer');
  await expect(prompt).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('home-user')).toHaveText('Other_Streamer');
});

test('a sign-in error in the address shows only fixed messages: a forged one gets the generic message, never its words', async ({ page }) => {
  const words = 'Your account is locked: paste your token at https://evil.example/unlock';
  await page.goto(`${site.url}/home#signin-error=${encodeURIComponent(words)}`);
  await expect(page.getByRole('alert')).toHaveText('The sign-in with Twitch did not finish: nothing was stored. Try "Sign in with Twitch" again.');
  await expect(page.getByText('locked')).toHaveCount(0);
  await expect(page).toHaveURL(`${site.url}/home`);
});
