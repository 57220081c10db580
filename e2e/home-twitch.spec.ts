import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../src/server/testing/freePort.ts';
import { type FakeTwitch, startFakeTwitch } from '../src/server/twitch/testing/fakeTwitch.ts';
import { HELIX_USER } from '../src/server/twitch/testing/helixExamples.ts';
import { startPageServer } from './support/SiteBuild.ts';

// The build of playwright.config.ts's web server: this file starts its own `npm start` on it, with a Twitch client id.
const DIST = resolve(`node_modules/.cache/overlay-e2e-${process.env.E2E_PAGE_PORT}`);

let fake: FakeTwitch;
let site: { url: string; output(): string; stop(): Promise<void> };
/** The home page's address as `npm start` prints it, signed in with the website token it made. */
let homeAddress: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // Twitch's device flow asks every 5 s; the fake asks for 1 s, so the test waits less.
  fake = await startFakeTwitch({ pollSeconds: 1 });
  fake.users.set(HELIX_USER.id, HELIX_USER);
  // The spawned server inherits it: its calls to Twitch reach the fake (twurple's mock-port convention).
  process.env.TWURPLE_MOCK_API_PORT = String(fake.port);
  const port = await freePort();
  site = await startPageServer(['--port', String(port), '--store', 'memory', '--dist', DIST, '--twitch-client-id', fake.clientId]);
  await expect.poll(() => /Home page .*: (\S+\/home#token=\S+)/.exec(site.output())?.[1]).toBeTruthy();
  homeAddress = /Home page .*: (\S+\/home#token=\S+)/.exec(site.output())![1]!;
});

test.afterAll(async () => {
  await site?.stop();
  await fake?.stop();
});

test('Connect Twitch shows the code and where to enter it, then connected; Disconnect forgets the login', async ({ page }) => {
  await page.goto(homeAddress);
  const twitch = page.getByRole('region', { name: 'Twitch', exact: true });
  await expect(twitch.getByTestId('twitch-state')).toHaveText('not logged in');
  await twitch.getByRole('button', { name: 'Connect Twitch', exact: true }).click();
  const code = twitch.getByTestId('twitch-code');
  await expect(code).toContainText('Enter the code');
  await expect(twitch.getByTestId('twitch-state')).toHaveText('pending');
  const userCode = (await code.locator('strong').textContent()) ?? '';
  await expect(code.getByRole('link')).toHaveAttribute('href', /^https?:\/\//);
  // What the streamer does at that address.
  fake.auth.approve(userCode, HELIX_USER.id);
  await expect(twitch.getByTestId('twitch-state')).toHaveText('connected', { timeout: 20_000 });
  await expect(code).toHaveCount(0);
  await twitch.getByRole('button', { name: 'Disconnect', exact: true }).click();
  await expect(twitch.getByTestId('twitch-state')).toHaveText('not logged in');
  await expect(twitch.getByRole('button', { name: 'Connect Twitch', exact: true })).toBeVisible();
});

test('a code refused on Twitch goes back to not logged in, and Connect Twitch can start again', async ({ page }) => {
  await page.goto(homeAddress);
  const twitch = page.getByRole('region', { name: 'Twitch', exact: true });
  await twitch.getByRole('button', { name: 'Connect Twitch', exact: true }).click();
  const code = twitch.getByTestId('twitch-code');
  await expect(code).toContainText('Enter the code');
  fake.auth.deny((await code.locator('strong').textContent()) ?? '');
  await expect(twitch.getByTestId('twitch-state')).toHaveText('not logged in', { timeout: 20_000 });
  await expect(code).toHaveCount(0);
  await expect(twitch.getByRole('button', { name: 'Connect Twitch', exact: true })).toBeEnabled();
});
