import type { Browser } from 'playwright-core';

/**
 * Opens the floor page (floorPage.ts) in a fresh context, as `openOverlayTimed`
 * opens the overlay (empty cache and storage, 1920x1080), and answers the ms
 * from navigation start until its last frame fired `load`.
 */
export async function openFloorTimed(browser: Browser, floorUrl: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  try {
    const page = await context.newPage();
    await page.goto(floorUrl);
    await page.waitForFunction('window.__floorReadyAt !== undefined', undefined, { timeout: 60_000 });
    return (await page.evaluate('window.__floorReadyAt')) as number;
  } finally {
    await context.close();
  }
}
