import { execFileSync } from 'node:child_process';
import { type BrowserContext, chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../chromium.ts';

/**
 * A Chromium with a profile on disk (IndexedDB included), as OBS keeps one:
 * started, closed and started again on the same folder.
 */
export class PersistentBrowser {
  private context: BrowserContext | undefined;

  constructor(
    private readonly userDataDir: string,
    private readonly baseURL: string,
  ) {}

  /** Starts Chromium on the profile; resolves with its one window's context. */
  async start(): Promise<BrowserContext> {
    if (this.context) throw new Error('this browser is already running');
    this.context = await chromium.launchPersistentContext(this.userDataDir, {
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
      baseURL: this.baseURL,
      viewport: { width: 1920, height: 1080 },
    });
    return this.context;
  }

  /**
   * Ends every process of this browser at once with SIGKILL, as when OBS is
   * killed or the machine's power goes: nothing gets a chance to save.
   */
  async kill(): Promise<void> {
    const context = this.context;
    this.context = undefined;
    const pids = this.processIds();
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    await context?.close().catch(() => undefined);
    const deadline = Date.now() + 10_000;
    while (this.processIds().length > 0) {
      if (Date.now() > deadline) throw new Error(`Chromium processes still alive after SIGKILL: ${this.processIds().join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The browser's processes: each carries its profile folder on its command line. */
  private processIds(): number[] {
    const flag = `--user-data-dir=${this.userDataDir}`;
    return execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' })
      .split('\n')
      .map((line) => line.trim().match(/^(\d+) (.*)$/))
      .filter((match): match is RegExpMatchArray => match !== null && match[2]!.split(' ').includes(flag))
      .map((match) => Number(match[1]));
  }

  /** Closes the browser the way a person quits it. */
  async close(): Promise<void> {
    const context = this.context;
    this.context = undefined;
    await context?.close();
  }
}
