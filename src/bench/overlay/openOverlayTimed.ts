import type { Browser, BrowserContext, Page } from 'playwright-core';

// When the page reached each stage of its start, ms since navigation start.
const PHASES = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const me = performance.getEntriesByType('resource').find((entry) => new URL(entry.name).pathname.endsWith('/me'));
  return { parsed: nav.domContentLoadedEventEnd, profile: me ? me.responseEnd : NaN, frames: window.__benchFramesAt, ready: window.__benchReadyAt };
})()`;

/** Stages of an overlay's start, ms since navigation start. */
export interface StartPhases {
  /** DOMContentLoaded handled: the page's script has run. */
  parsed: number;
  /** The `GET /me` answer arrived. */
  profile: number;
  /** The host inserted the first module frame. */
  frames: number;
  /** The host marked the last module ready. */
  ready: number;
}

// A plain string, not a function: Playwright would serialize a function with the
// helpers tsx adds to it. Runs first in the page (top frame only) and notes when
// the host has marked `expected` module frames ready: ms since navigation start.
const READY_WATCH = `(() => {
  if (window.top !== window) return;
  const expected = Number(new URLSearchParams(location.search).get('benchModules'));
  const observer = new MutationObserver(() => {
    if (window.__benchReadyAt) return;
    if (!window.__benchFramesAt && document.querySelector('iframe[data-module-id]')) window.__benchFramesAt = performance.now();
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
  phases: StartPhases;
}

export interface OpenOverlayOptions {
  /**
   * Opens the overlay once before the timed start and empties the HTTP cache
   * after it: the timed start then finds only its local database (the cached
   * profile), as an overlay does when OBS starts again. @default false: nothing at all
   */
  seenBefore?: boolean;
}

/**
 * Opens `overlayUrl` in a fresh context (empty cache and storage: a cold start)
 * at 1920x1080, as OBS would, and waits until `modules` frames are ready.
 */
export async function openOverlayTimed(browser: Browser, overlayUrl: string, modules: number, options: OpenOverlayOptions = {}): Promise<TimedOverlay> {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  try {
    await context.addInitScript({ content: READY_WATCH });
    if (options.seenBefore) await openOnce(context, `${overlayUrl}&benchModules=${modules}`);
    const page = await context.newPage();
    // The overlay page ignores parameters it does not know; this one tells the watcher what to wait for.
    await page.goto(`${overlayUrl}&benchModules=${modules}`);
    await page.waitForFunction('window.__benchReadyAt !== undefined', undefined, { timeout: 60_000 });
    const phases = (await page.evaluate(PHASES)) as StartPhases;
    return { page, context, readyMs: phases.ready, phases };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** Opens the overlay until its modules are ready, closes it, then empties the HTTP cache (keeping storage). */
async function openOnce(context: BrowserContext, url: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction('window.__benchReadyAt !== undefined', undefined, { timeout: 60_000 });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await page.close();
}
