import { resolve } from 'node:path';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { tokenKey } from '../src/home/index.ts';
import { freePort } from '../src/server/testing/freePort.ts';
import { type FakeTwitch, startFakeTwitch } from '../src/server/twitch/testing/fakeTwitch.ts';
import { HELIX_USER } from '../src/server/twitch/testing/helixExamples.ts';
import { startPageServer } from './support/SiteBuild.ts';

// The build of playwright.config.ts's web server: this file starts its own `npm start` on it, with sign-up on.
const DIST = resolve(`node_modules/.cache/overlay-e2e-${process.env.E2E_PAGE_PORT}`);

let fake: FakeTwitch;
let site: { url: string; output(): string; stop(): Promise<void> };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  fake = await startFakeTwitch();
  fake.users.set(HELIX_USER.id, HELIX_USER);
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

/** A browser of its own (a desktop, a phone) signed in through Twitch; its console errors, less the `expected` statuses Chromium logs itself. */
async function signInWithTwitch(browser: Browser, width: number, expected: RegExp | null = null): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !expected?.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  fake.auth.authorizeAs(HELIX_USER.id);
  await page.goto(`${site.url}/home`);
  await page.getByRole('link', { name: 'Sign in with Twitch' }).click();
  await expect(page.getByRole('heading', { name: 'Overlays', exact: true })).toBeVisible();
  return { context, page, errors };
}

const status = async (token: string) => (await fetch(`${site.url}/api/me`, { headers: { Authorization: `Bearer ${token}` } })).status;

test('Signed in lists both sign-ins; revoking the other one signs that browser out', async ({ browser }) => {
  const desk = await signInWithTwitch(browser, 1280);
  // The other browser's revoked token later gets 401, which Chromium logs itself.
  const phone = await signInWithTwitch(browser, 360, /status of 401/);
  const phoneToken = await phone.page.evaluate((key) => sessionStorage.getItem(key) ?? '', tokenKey(`${site.url}/api`));
  expect(await status(phoneToken)).toBe(200);

  // The first browser's tab comes back to the front: it reads the profile again, and the sessions with it.
  await desk.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  const section = desk.page.getByRole('region', { name: 'Signed in', exact: true });
  const sessions = section.getByTestId('session');
  await expect(sessions).toHaveCount(2);
  await expect(sessions.nth(0)).toContainText('127.0.0.1 · Chrome on Linux');
  await expect(sessions.nth(0)).toContainText('this tab');
  await expect(sessions.nth(0)).toContainText(/Signed in .+ · last used (just now|\d+ minutes? ago) · expires in \d+ days/);
  await expect(sessions.nth(1)).not.toContainText('this tab');
  await expect(section.getByRole('button', { name: 'Sign out this tab (session from 127.0.0.1)', exact: true })).toBeVisible();
  await expect(section.getByTestId('fixed-token')).toHaveCount(0);

  // With the keyboard: focus the other session's button, press Enter.
  const revoke = section.getByRole('button', { name: 'Revoke session from 127.0.0.1', exact: true });
  await revoke.focus();
  await desk.page.keyboard.press('Enter');
  await expect(sessions).toHaveCount(1);
  await expect(section.getByRole('status')).toHaveText('Revoked the session from 127.0.0.1 (Chrome on Linux).');
  await expect(section.getByRole('status')).toBeFocused();
  await expect(sessions.nth(0)).toContainText('this tab');

  await expect.poll(() => status(phoneToken)).toBe(401);
  await phone.page.reload();
  await expect(phone.page.getByLabel('Website token', { exact: true })).toBeVisible();
  await expect(phone.page.getByRole('alert')).toContainText('This token was refused');

  // The revoking browser is still signed in, and nothing went wrong on either page.
  await desk.page.reload();
  await expect(sessions).toHaveCount(1);
  expect(desk.errors).toEqual([]);
  expect(phone.errors).toEqual([]);
  await desk.context.close();
  await phone.context.close();
});

test('on a phone, the section fits 360 px; the token fixed by npm start is not listed and the page says how to replace it', async ({ browser }) => {
  const home = /Home page .*: (\S+\/home#token=\S+)/.exec(site.output())?.[1];
  expect(home, 'npm start prints the home page address').toBeTruthy();
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(home!);
  const section = page.getByRole('region', { name: 'Signed in', exact: true });
  await expect(section.getByTestId('fixed-token')).toContainText('website token of this tab is fixed by the server');
  await expect(section.getByTestId('session')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(errors).toEqual([]);
  await context.close();
});
