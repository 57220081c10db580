import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBenchBrowser } from './browser/launchBenchBrowser.ts';
import { buildHarnessFiles } from './harness/buildHarnessFiles.ts';
import { type HarnessServer, startHarnessServer } from './harness/startHarnessServer.ts';
import { type OverlaySite, startOverlaySite } from './overlay/startOverlaySite.ts';

export interface BenchContextOptions {
  /** Progress lines (stderr). */
  log: (line: string) => void;
}

/**
 * What figures share in one `npm run bench`: a temp folder, one Chromium, the
 * harness server and the overlay site, each started on first use and stopped
 * by `close()`. A figure that needs something else starts it and hands its
 * stop to `defer`.
 */
export class BenchContext {
  readonly log: (line: string) => void;
  private readonly started = new Map<string, Promise<unknown>>();
  private readonly cleanups: (() => unknown)[] = [];
  private root: Promise<string> | undefined;

  constructor(options: BenchContextOptions) {
    this.log = options.log;
  }

  /** A new folder inside the run's temp folder (removed by `close()`). */
  async tempDir(label: string): Promise<string> {
    this.root ??= mkdtemp(join(tmpdir(), 'overlay-bench-')).then((dir) => {
      this.defer(() => rm(dir, { recursive: true, force: true }));
      return dir;
    });
    return mkdtemp(join(await this.root, `${label}-`));
  }

  /** Runs `cleanup` at `close()`, latest first. */
  defer(cleanup: () => unknown): void {
    this.cleanups.push(cleanup);
  }

  browser(): Promise<Browser> {
    return this.once('browser', async () => {
      const browser = await launchBenchBrowser();
      this.defer(() => browser.close());
      return browser;
    });
  }

  /** A fresh browser context (own storage, own cache) at the size of an OBS browser source; closed by `close()` at the latest. */
  async newBrowserContext(): Promise<BrowserContext> {
    const browserContext = await (await this.browser()).newContext({ viewport: { width: 1920, height: 1080 } });
    this.defer(() => browserContext.close());
    return browserContext;
  }

  /** The reference server (sqlite) serving the harness pages, the SDK and the API under /api. */
  harnessServer(): Promise<HarnessServer> {
    return this.once('harness', async () => {
      const site = await this.tempDir('harness-site');
      this.log('building the harness pages');
      await buildHarnessFiles(site);
      const server = await startHarnessServer(site, join(await this.tempDir('harness-db'), 'api.sqlite'));
      this.defer(() => server.server.close());
      return server;
    });
  }

  /** The real overlay page (vite build with bench tool modules) served with the API, as `npm start` does. */
  overlaySite(): Promise<OverlaySite> {
    return this.once('overlay', async () => {
      const site = await startOverlaySite(this);
      this.defer(() => site.close());
      return site;
    });
  }

  /** Stops everything started, latest first; never throws. */
  async close(): Promise<void> {
    for (const cleanup of this.cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        this.log(`cleanup failed: ${(error as Error).message}`);
      }
    }
  }

  private once<T>(key: string, start: () => Promise<T>): Promise<T> {
    if (!this.started.has(key)) this.started.set(key, start());
    return this.started.get(key) as Promise<T>;
  }
}
