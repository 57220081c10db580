import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../src/server/testing/freePort.ts';
import { type FakeTwitch, startFakeTwitch } from '../src/server/twitch/testing/fakeTwitch.ts';
import { HELIX_USER } from '../src/server/twitch/testing/helixExamples.ts';
import { startPageServer } from './support/SiteBuild.ts';

// The build of playwright.config.ts's web server: this file starts its own `npm start` on it, with sign-up on.
const DIST = resolve(`node_modules/.cache/overlay-e2e-${process.env.E2E_PAGE_PORT}`);

let fake: FakeTwitch;
let site: { url: string; output(): string; stop(): Promise<void> };

test.beforeAll(async () => {
  fake = await startFakeTwitch({ pollSeconds: 1 });
  fake.users.set(HELIX_USER.id, HELIX_USER);
  // The spawned server inherits it: its calls to Twitch reach the fake (twurple's mock-port convention).
  process.env.TWURPLE_MOCK_API_PORT = String(fake.port);
  const port = await freePort();
  site = await startPageServer([
    ...['--port', String(port), '--store', 'memory', '--dist', DIST],
    ...['--signup', 'twitch', '--twitch-client-id', fake.clientId, '--twitch-client-secret', fake.clientSecret, '--public-url', `http://127.0.0.1:${port}`],
  ]);
  await expect.poll(() => /Home page .*: (\S+\/home#token=\S+)/.exec(site.output())?.[1]).toBeTruthy();
});

test.afterAll(async () => {
  await site?.stop();
  await fake?.stop();
});

test('Connect Twitch for a Twitch user who signed up on another account is refused, and the home page says why', async ({ browser }) => {
  // The Twitch user signs up in a browser of their own.
  const theirs = await browser.newContext();
  const signUp = await theirs.newPage();
  fake.auth.authorizeAs(HELIX_USER.id);
  await signUp.goto(`${site.url}/home`);
  await signUp.getByRole('link', { name: 'Sign in with Twitch' }).click();
  await expect(signUp.getByRole('heading', { name: 'Overlays', exact: true })).toBeVisible();
  await theirs.close();
  // The streamer of `npm start` has the same Twitch user approve their device code.
  const page = await browser.newPage();
  await page.goto(/Home page .*: (\S+\/home#token=\S+)/.exec(site.output())![1]!);
  const twitch = page.getByRole('region', { name: 'Twitch', exact: true });
  await expect(twitch.getByTestId('twitch-state')).toHaveText('not logged in');
  await twitch.getByRole('button', { name: 'Connect Twitch', exact: true }).click();
  const code = twitch.getByTestId('twitch-code');
  await expect(code).toContainText('Enter the code');
  fake.auth.approve((await code.locator('strong').textContent()) ?? '', HELIX_USER.id);
  const refusal = twitch.getByTestId('twitch-refusal');
  await expect(refusal).toContainText('is already connected to another account on this site', { timeout: 20_000 });
  await expect(refusal).toContainText('nothing was stored');
  await expect(twitch.getByTestId('twitch-state')).toHaveText('not logged in');
  await expect(code).toHaveCount(0);
  await page.close();
});
