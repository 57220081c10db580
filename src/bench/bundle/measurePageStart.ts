import { gzipSync } from 'node:zlib';
import type { BenchContext } from '../BenchContext.ts';
import { calledCode, executedCode } from './executedCode.ts';

/** Module frames a start waits for: the cold start figure's five tool modules. */
export const START_TOOLS = 5;

/** How long the page may go on after its modules are ready (the live connection, the first flush): ms. */
const SETTLE_MS = 1500;

/** What the page's own scripts weigh in one start, gzipped bytes. */
export interface PageStart {
  /** The characters of its scripts that ran. */
  ranGzipBytes: number;
  /** Its scripts without the functions never called (branches not taken kept): the most whole-function loading on demand leaves. */
  calledGzipBytes: number;
  /** Every script of the page it loaded, what ran or not. */
  loadedGzipBytes: number;
}

/**
 * Opens the tool overlay of the bench's overlay site (built once per bench run)
 * with five tool modules, in a fresh context, under Chromium's JS coverage;
 * once every module is ready and the page had a moment more, gzips what of the
 * page's scripts (its origin's `/assets/`, not the module frames) ran. The
 * gap to all it loaded is what loading on demand could still gain.
 */
export async function measurePageStart(context: BenchContext): Promise<PageStart> {
  const site = await context.overlaySite();
  await site.selectTools(site.toolIds.slice(0, START_TOOLS));
  const browserContext = await context.newBrowserContext();
  try {
    const page = await browserContext.newPage();
    await page.coverage.startJSCoverage({ resetOnNavigation: false });
    await page.goto(site.overlayUrl);
    const ready = `document.querySelectorAll('iframe[data-module-id][data-state="ready"]').length >= ${START_TOOLS}`;
    await page.waitForFunction(ready, undefined, { timeout: 60_000 });
    await page.waitForTimeout(SETTLE_MS);
    const assets = `${new URL(site.overlayUrl).origin}/assets/`;
    const scripts = (await page.coverage.stopJSCoverage()).filter((entry) => entry.url.startsWith(assets) && entry.source !== undefined);
    return {
      ranGzipBytes: gzipSync(scripts.map((entry) => executedCode(entry.source!, entry.functions)).join('')).length,
      calledGzipBytes: gzipSync(scripts.map((entry) => calledCode(entry.source!, entry.functions)).join('')).length,
      loadedGzipBytes: gzipSync(scripts.map((entry) => entry.source!).join('')).length,
    };
  } finally {
    await browserContext.close();
  }
}
