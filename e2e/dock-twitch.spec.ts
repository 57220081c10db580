import { createMemoryRegistry, DEMO_PROFILE, loadTwitch, type RunningTwitch } from '../src/server/index.ts';
import { createTestEventStore } from '../src/server/twitch/testing/memoryEventStore.ts';
import { expect, test } from './fixtures.ts';
import { ApiServerDriver } from './support/ApiServerDriver.ts';

const USER = DEMO_PROFILE.user.userId;
const MODULE = 'demo.tool.counter';

/**
 * The API with a Twitch client id, whose streamer's stored login Twitch refused to refresh for good
 * (`login-needed`, as a refused refresh token leaves it: src/server/twitch/startTwitch.test.ts), and
 * another streamer's login, which the dock must never show.
 */
const withTwitch = test.extend<{ twitch: RunningTwitch }>({
  twitch: async ({ seed }, use) => {
    const { openCredentialStore, startTwitch } = await loadTwitch();
    const credentials = await openCredentialStore({ type: 'memory' });
    const stored = { accessToken: 'a', refreshToken: 'r', scopes: [], expiresAt: null, obtainedAt: 0 };
    await credentials.set(USER, { ...stored, twitchUserId: '1337', login: 'pixelpioneer', state: 'login-needed' });
    await credentials.set('2002', { ...stored, twitchUserId: '2002', login: 'someone_else', state: 'login-needed' });
    const registry = createMemoryRegistry(structuredClone(seed));
    const twitch = await startTwitch({ clientId: 'test-client', credentials, events: createTestEventStore(), registry, log: () => {}, checkEveryMs: 60_000 });
    await use(twitch);
    await twitch.stop();
  },
  api: async ({ seed, twitch }, use) => {
    const driver = new ApiServerDriver(structuredClone(seed), 'memory', { twitchRoutes: { twitchStates: twitch.states } });
    await driver.start();
    await use(driver);
    await driver.stop();
  },
});

withTwitch('the dock says "Twitch: log in again" and what to run, for its own user only', async ({ dock, api }) => {
  await api.selectModules('tool', [MODULE]);
  await dock.open([MODULE], { auth: 'overlay' });
  const line = dock.page.getByRole('status').filter({ hasText: 'Twitch' });
  await expect(line).toHaveText(`Twitch: log in again — run npm run twitch-login -- --user ${USER}`);
  await expect(dock.page.getByTestId('dock')).not.toContainText('someone_else');
});

test('without Twitch on the API the dock shows no Twitch line', async ({ dock, api }) => {
  await api.selectModules('tool', [MODULE]);
  const asked = dock.page.waitForResponse((response) => new URL(response.url()).pathname === '/me/twitch', { timeout: 20_000 });
  await dock.open([MODULE], { auth: 'overlay' });
  expect(await (await asked).json()).toEqual({ state: 'off' });
  await expect(dock.page.getByTestId('dock-twitch')).toHaveCount(0);
});
