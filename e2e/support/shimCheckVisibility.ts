import type { Selectors } from '@playwright/test';

/**
 * Playwright calls `Element.prototype.checkVisibility` (Chromium 105) whenever it
 * judges visibility: every click, `toBeVisible`, and the logs of most assertions.
 * In Chromium 103 (OBS 29-30) it is missing and each of those throws. This gives it
 * to Playwright's own isolated world only, through a selector engine (engines with
 * `contentScript` run there): the page and its modules never see it.
 * Its rule is the one that matters here: an element is not visible under `display: none`.
 */
const SHIM = `(() => {
  if (!Element.prototype.checkVisibility) {
    Element.prototype.checkVisibility = function () {
      for (let element = this; element; element = element.parentElement) {
        if (getComputedStyle(element).display === 'none') return false;
      }
      return true;
    };
  }
  return { query: () => null, queryAll: () => [] };
})()`;

let registered = false;

/** Registers the shim once per worker process, before the worker's first page. */
export async function shimCheckVisibility(selectors: Selectors): Promise<void> {
  if (registered) return;
  registered = true;
  await selectors.register('obs-engine-shim', SHIM, { contentScript: true });
}
