import type { Page } from '@playwright/test';
import { PROFILE_REFRESH_MS } from '../src/runtime/index.ts';
import { PAGES } from '../src/vite/index.ts';
import type { ApiServerDriver } from './fixtures.ts';
import { collectErrors } from './support/collectErrors.ts';
import { DebugPanel } from './support/DebugPanel.ts';
import { expect, test } from './support/obsEngineFixtures.ts';
import { auditStyleSheets } from './support/StyleSheetAudit.ts';

// The smoke suite of the browser engines OBS ships (docs/obs-engines.md): each `obs-*`
// project of playwright.config.ts runs it in one, the `chromium` project in Debian's.
const COUNTER = 'demo.tool.counter';
// Later frames stack on top, and the tools fill the stage: the counter comes last, so it gets the click.
const TOOLS = ['demo.tool.goal', 'demo.tool.streaminfo', COUNTER];
const DOCK_MODULES = [...TOOLS, 'demo.background.aurora', 'demo.event.alerts', 'demo.game.trivia'];

/** Pages that run one overlay take its id; the others (the dock, the home page...) the website token, in the fragment as `npm start` prints it. */
function pageAddress(path: string, api: ApiServerDriver): string {
  if (path === '/' || path === '/studio') return `${path}?${new URLSearchParams({ overlay: api.profile.overlays.tool, api: api.url })}`;
  return `${path}?${new URLSearchParams({ api: api.url })}#${new URLSearchParams({ token: api.tokens.website })}`;
}

/** What a page shows once it has started; a page not listed here is waited for until its network is quiet. */
const STARTED: Record<string, (page: Page) => Promise<void>> = {
  '/': async (page) => {
    for (const id of TOOLS) await expect(page.locator(`iframe[data-module-id="${id}"]`)).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  },
  '/studio': (page) => expect(page.getByTestId('studio-phase')).toContainText('running', { timeout: 20_000 }),
  '/dock': async (page) => {
    for (const id of DOCK_MODULES) {
      const status = page.getByTestId(`dock-module-${id}`).getByTestId('module-status');
      await expect(status).not.toHaveAttribute('data-state', 'starting', { timeout: 20_000 });
    }
  },
  '/home': async (page) => {
    for (const name of ['Overlays', 'Modules', 'Stream Deck', 'Twitch']) await expect(page.getByRole('region', { name, exact: true })).toBeVisible();
  },
};

test('the tool overlay\'s frames load and a module\'s write reaches the server', async ({ overlay, api, page }) => {
  const errors = collectErrors(page);
  await overlay.open({ kind: 'tool', modules: TOOLS });
  const counter = overlay.module(COUNTER);
  await expect(page.locator('iframe[data-module-id]')).toHaveCount(TOOLS.length);
  await expect(overlay.module('demo.tool.streaminfo').getByTestId('title')).not.toBeEmpty();
  await counter.getByTestId('increment').click();
  await expect(counter.getByTestId('count')).toHaveText('1');
  await expect.poll(() => api.get(COUNTER, 'count')).toBe(1);
  expect(errors).toEqual([]);
});

test('a reload keeps a write made offline, and it reaches the server once the API is back', async ({ overlay, api, network, page }) => {
  const debug = new DebugPanel(page);
  await page.clock.install();
  const counter = await overlay.open({ kind: 'tool', modules: [COUNTER] });
  await counter.getByTestId('increment').click();
  await expect.poll(() => api.get(COUNTER, 'count')).toBe(1);
  await network.offline();
  await counter.getByTestId('increment').click();
  await expect(counter.getByTestId('count')).toHaveText('2');
  await expect(debug.pending).toHaveText('1');

  await page.reload();
  await overlay.module(COUNTER).waitUntilReady();
  await expect(counter.getByTestId('count')).toHaveText('2');
  await expect(debug.pending).toHaveText('1');
  expect(await api.get(COUNTER, 'count')).toBe(1);

  await network.online();
  // A page started without the API asks for its token again at its next profile refresh.
  await page.clock.fastForward(PROFILE_REFRESH_MS);
  await expect.poll(() => api.get(COUNTER, 'count')).toBe(2);
  await expect(debug.pending).toHaveText('0');
});

test('alerts: the alert box plays from the queue, held while OBS keeps the source out of the program output', async ({ overlay, api, page }) => {
  const errors = collectErrors(page);
  // A stand-in for OBS's browser source: `window.obsstudio`, and `obsSourceActiveChanged` as OBS dispatches it.
  await page.addInitScript(() => {
    (window as unknown as { obsstudio: object }).obsstudio = { pluginVersion: '2.24.3' };
  });
  const alerts = await overlay.open({ kind: 'event', modules: ['demo.event.alerts'] });
  const obsActive = (active: boolean) => page.evaluate((value) => window.dispatchEvent(new CustomEvent('obsSourceActiveChanged', { detail: { active: value } })), active);
  await obsActive(false);
  const raid = await overlay.emitEvent('channel.raid', { from_broadcaster_user_name: 'HeldRaider', viewers: 7 });
  await expect.poll(() => api.alerts()).toMatchObject({ waiting: 1, showing: null, held: 'hidden' });
  await expect(alerts.getByTestId('alert')).toHaveAttribute('data-state', 'idle');
  await obsActive(true);
  await alerts.alertStarted(raid, 20_000);
  await expect(alerts.getByTestId('alert-who')).toHaveText('HeldRaider');
  expect(errors).toEqual([]);
});

for (const path of Object.keys(PAGES)) {
  test(`${path} starts without a console error, and the engine reads every rule and @media of its stylesheets and its frames'`, async ({ api, page }) => {
    const errors = collectErrors(page);
    await api.selectModules('tool', TOOLS);
    await page.goto(pageAddress(path, api));
    await STARTED[path]?.(page);
    await page.waitForLoadState('networkidle');
    const sheets = await auditStyleSheets(page);
    expect(sheets.sheets, 'no stylesheet found').toBeGreaterThan(0);
    expect(sheets.media).not.toContain('not all');
    expect(sheets.dropped).toEqual([]);
    // The studio is a development tool: against the reference server it lacks the dev server's /dev/database and
    // /dev/profile (it reads GET /me instead), and says so.
    expect(errors.filter((line) => !(path === '/studio' && /\/dev\/(database|profile)/.test(line)))).toEqual([]);
  });
}
