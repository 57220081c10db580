import type { BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ChangeLog } from './support/ChangeLog.ts';
import { DebugPanel } from './support/DebugPanel.ts';
import { OverlayPage } from './support/OverlayPage.ts';
import { seededRandom as seeded } from '../src/server/testing/fuzzRequests.ts';

const COUNTER = 'demo.tool.counter';
const KEYS = ['count', 'race-a', 'race-b'];
const STEPS = 40;

test('two browsers and an outside writer race on the same keys through network cuts; then every page equals the server', async ({ api, browser }, testInfo) => {
  const seed = Number(process.env.LIVE_RACE_SEED ?? Date.now() % 1_000_000);
  testInfo.annotations.push({ type: 'seed', description: String(seed) });
  const random = seeded(seed);
  await api.selectModules('tool', [COUNTER]);
  for (const key of KEYS) await api.set('setup', `${COUNTER}:${key}`, 0);

  const browsers: { context: BrowserContext; log: ChangeLog; debug: DebugPanel; offline: boolean }[] = [];
  for (let i = 0; i < 2; i++) {
    const context = await browser.newContext();
    const overlay = new OverlayPage(await context.newPage(), api);
    await overlay.open({ modules: [COUNTER] });
    const debug = new DebugPanel(overlay.page);
    await expect(debug.live).toHaveText('live');
    const log = await ChangeLog.attach(overlay.module(COUNTER));
    for (const key of KEYS) await log.load(key);
    browsers.push({ context, log, debug, offline: false });
  }

  for (let step = 1; step <= STEPS; step++) {
    const key = KEYS[Math.floor(random() * KEYS.length)]!;
    const who = Math.floor(random() * 3);
    const value = step * 10 + who;
    if (who === 2) {
      await api.set('outside.writer', `${COUNTER}:${key}`, value);
    } else {
      await browsers[who]!.log.set(key, value);
    }
    if (random() < 0.25) {
      const side = browsers[Math.floor(random() * 2)]!;
      side.offline = !side.offline;
      await side.context.setOffline(side.offline);
    }
  }
  for (const side of browsers) await side.context.setOffline(false);
  // Every writer stops: the writes queued offline reach the server first.
  for (const side of browsers) await expect(side.debug.pending).toHaveText('0', { timeout: 40_000 });

  const server = Object.fromEntries(await Promise.all(KEYS.map(async (key) => [key, await api.get(COUNTER, key)])));
  for (const [i, side] of browsers.entries()) {
    await expect
      .poll(async () => Object.fromEntries(await Promise.all(KEYS.map(async (key) => [key, await side.log.get(key)]))), {
        message: `browser ${i} reads what the server holds (seed ${seed})`,
        timeout: 40_000,
      })
      .toEqual(server);
  }
  // Nothing was written since: the server is unchanged, and what each module shows is what it holds.
  expect(Object.fromEntries(await Promise.all(KEYS.map(async (key) => [key, await api.get(COUNTER, key)])))).toEqual(server);
  for (const [i, side] of browsers.entries()) {
    for (const key of KEYS) {
      await expect.poll(() => side.log.shown(key), { message: `browser ${i} shows ${key} (seed ${seed})` }).toEqual(server[key]);
    }
  }
  for (const side of browsers) await side.context.close();
});
