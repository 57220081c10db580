import type { Page } from 'playwright-core';

/** The overlay page's address on `site` for the tool overlay `token` of the API at `api`, with the debug panel. */
export function toolOverlayAddress(site: string, token: string, api: string): string {
  const address = new URL('/', site);
  address.search = new URLSearchParams({ token, kind: 'tool', api, debug: '1' }).toString();
  return address.href;
}

/**
 * Opens an overlay address that shows the debug panel (`debug=1`) and waits
 * until its live connection is up and `module`'s frame is ready: the start
 * every figure that times a running overlay waits for before its first run.
 */
export async function openLiveOverlay(page: Page, address: string, module: string): Promise<void> {
  await page.goto(address);
  await page.getByTestId('debug-live').filter({ hasText: /^live$/ }).waitFor({ timeout: 30_000 });
  await page.locator(`iframe[data-module-id="${module}"][data-state="ready"]`).waitFor({ timeout: 30_000 });
}
