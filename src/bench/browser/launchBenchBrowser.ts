import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../../../e2e/index.ts';

const OPTIONS = { executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true };

/** Debian's Chromium, headless, with the same path and flags as the browser tests. */
export function launchBenchBrowser(): Promise<Browser> {
  return chromium.launch(OPTIONS);
}

/** The same browser, with the pid of its process (to read its renderers' memory). */
export async function launchBenchBrowserWithPid(): Promise<{ browser: Browser; pid: number; close(): Promise<void> }> {
  const server = await chromium.launchServer(OPTIONS);
  const browser = await chromium.connect(server.wsEndpoint());
  const close = async () => {
    await browser.close();
    await server.close();
  };
  return { browser, pid: server.process().pid!, close };
}
