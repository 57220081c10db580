import type { Page } from '@playwright/test';
import type { Box, Kind } from '../src/api/index.ts';
import { expect, test } from './fixtures.ts';
import type { ApiServerDriver } from './support/ApiServerDriver.ts';
import type { ModuleFrame } from './support/ModuleFrame.ts';

const COUNTER = 'demo.tool.counter';
const GOAL = 'demo.tool.goal';
/** The counter's manifest: design size 440x280 at (24, 24). */
const COUNTER_BOX: Box = { x: 24, y: 24, width: 440, height: 280 };

/** The frame's place in the page, in CSS pixels, rounded. */
async function placeOf(frame: ModuleFrame): Promise<Box | null> {
  const box = await frame.iframe.boundingBox();
  return box && { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) };
}

/** A website-token write to the reference server, as the home page makes it. */
async function put(api: ApiServerDriver, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${api.url}${path}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${api.tokens.website}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** Marks the frame element and its window; the check says whether both are still the ones marked (no new frame, no reload). */
async function markFrame(page: Page, frame: ModuleFrame): Promise<() => Promise<boolean>> {
  const sameWindow = await frame.markWindow();
  await frame.iframe.evaluate((element) => {
    element.setAttribute('data-marked', '');
  });
  return async () => (await page.locator(`iframe[data-module-id="${frame.id}"][data-marked]`).count()) === 1 && sameWindow();
}

const selectTools = (api: ApiServerDriver, tools: string[]) => {
  const selected: Record<Exclude<Kind, 'tool'>, string> & { tools: string[] } = { ...api.profile.selected, tools };
  return put(api, '/me/selected', selected);
};

test('a module sits in its default box (manifest position, design size), scaled with the canvas to the browser source', async ({ overlay, page }) => {
  const counter = await overlay.open({ modules: [COUNTER] });
  await expect.poll(() => placeOf(counter)).toEqual(COUNTER_BOX);
  // Half the size: the whole 1920x1080 canvas scales, and the module with it.
  await page.setViewportSize({ width: 960, height: 540 });
  await expect.poll(() => placeOf(counter)).toEqual({ x: 12, y: 12, width: 220, height: 140 });
  // No problem on stream: an API without a stored layout means default boxes.
  await expect(overlay.debug.getByRole('listitem').filter({ hasText: /layout/i })).toHaveCount(0);
});

test('a PUT of the layout moves the frame in a running overlay live, without reloading the module', async ({ overlay, api, page }) => {
  const counter = await overlay.open({ modules: [COUNTER, GOAL] });
  await expect.poll(() => placeOf(counter)).toEqual(COUNTER_BOX);
  const unchanged = await markFrame(page, counter);
  const goalUnchanged = await markFrame(page, overlay.module(GOAL));
  // Twice the design size, then a box of another aspect: the module keeps its own, centred in the box.
  await put(api, '/me/layout/tool', { boxes: { [COUNTER]: { x: 1000, y: 500, width: 880, height: 560 } } });
  await expect.poll(() => placeOf(counter)).toEqual({ x: 1000, y: 500, width: 880, height: 560 });
  await put(api, '/me/layout/tool', { boxes: { [COUNTER]: { x: 100, y: 100, width: 880, height: 1000 } } });
  await expect.poll(() => placeOf(counter)).toEqual({ x: 100, y: 320, width: 880, height: 560 });
  expect(await unchanged()).toBe(true);
  expect(await goalUnchanged()).toBe(true);
  await expect(counter.iframe).toHaveAttribute('data-restarts', '0');
  // The layout as the page reads it at start: a reload shows the stored box.
  await page.reload();
  await expect.poll(() => placeOf(counter)).toEqual({ x: 100, y: 320, width: 880, height: 560 });
});

test('a reload from the cached profile puts the frames in their stored boxes once the API answers, without waiting for live news', async ({ overlay, api, page }) => {
  const stored: Box = { x: 100, y: 320, width: 880, height: 560 };
  await put(api, '/me/layout/tool', { boxes: { [COUNTER]: stored } });
  const counter = await overlay.open({ modules: [COUNTER, GOAL] });
  await expect.poll(() => placeOf(counter)).toEqual(stored);
  // The reload starts its frames from the cached profile while the token exchange waits; the live channel
  // opens but never says ready, so it tells no news (its silence deadline is 40 s, the profile's refresh 30 s).
  await page.route('**/auth/overlay', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await page.routeWebSocket(/\/me\/database\/changes/, () => {});
  await page.reload();
  await expect.poll(() => placeOf(counter)).toEqual(stored);
});

test('a PUT of the selection adds and removes frames live, without waiting for the profile refresh; the module that stays keeps running', async ({ overlay, api, page }) => {
  const counter = await overlay.open({ modules: [COUNTER] });
  const unchanged = await markFrame(page, counter);
  const goal = overlay.module(GOAL);
  await selectTools(api, [COUNTER, GOAL]);
  await expect(goal.iframe).toHaveCount(1);
  await goal.waitUntilReady();
  expect(await unchanged()).toBe(true);
  // The last tool is on top.
  const stacking = await page.locator('iframe[data-module-id]').evaluateAll((frames) => frames.map((f) => [f.dataset.moduleId, Number((f as HTMLElement).style.zIndex)]));
  expect(Object.fromEntries(stacking)[GOAL]).toBeGreaterThan(Object.fromEntries(stacking)[COUNTER]);
  const goalUnchanged = await markFrame(page, goal);
  await selectTools(api, [GOAL]);
  await expect(counter.iframe).toHaveCount(0);
  await selectTools(api, [COUNTER, GOAL]);
  await expect(counter.iframe).toHaveCount(1);
  await counter.waitUntilReady();
  expect(await goalUnchanged()).toBe(true);
  await expect(goal.iframe).toHaveAttribute('data-restarts', '0');
});
