import type { Browser, BrowserContext, Page } from 'playwright-core';

// A plain string, not a function: Playwright would serialize a function with the
// helpers tsx adds to it. Runs first in the page (top frame only) and notes when
// the host has marked `expected` module frames ready: ms since navigation start.
const READY_WATCH = `(() => {
  if (window.top !== window) return;
  const expected = Number(new URLSearchParams(location.search).get('benchModules'));
  const observer = new MutationObserver(() => {
    if (window.__benchReadyAt) return;
    if (document.querySelectorAll('iframe[data-module-id][data-state="ready"]').length < expected) return;
    window.__benchReadyAt = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
})();`;

/** An overlay opened in a fresh context, with the time from navigation until every module was ready. */
export interface TimedOverlay {
  page: Page;
  context: BrowserContext;
  /** Navigation start until the host marked the last module frame ready, ms. */
  readyMs: number;
}

/**
 * Opens `overlayUrl` in a fresh context (empty cache and storage: a cold start)
 * at 1920x1080, as OBS would, and waits until `modules` frames are ready.
 */
export async function openOverlayTimed(browser: Browser, overlayUrl: string, modules: number): Promise<TimedOverlay> {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  try {
    await context.addInitScript({ content: READY_WATCH });
    const page = await context.newPage();
    // The overlay page ignores parameters it does not know; this one tells the watcher what to wait for.
    await page.goto(`${overlayUrl}&benchModules=${modules}`);
    await page.waitForFunction('window.__benchReadyAt !== undefined', undefined, { timeout: 60_000 });
    const readyMs = (await page.evaluate('window.__benchReadyAt')) as number;
    return { page, context, readyMs };
  } catch (error) {
    await context.close();
    throw error;
  }
}
