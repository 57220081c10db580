import type { BrowserContext, Frame, Page } from 'playwright-core';
import { toPublicProfile } from '../../api/index.ts';
import { DEMO_PROFILE, DEMO_TOKENS } from '../../server/index.ts';
import type { HarnessApi, HarnessSetup, ProbeApi } from './HarnessApi.ts';
import { PROBE_DIR } from './buildHarnessFiles.ts';
import type { HarnessServer } from './startHarnessServer.ts';

type Call<Api> = <K extends keyof Api>(
  method: K,
  ...args: Api[K] extends (...a: infer A) => unknown ? A : never
) => Promise<Api[K] extends (...a: never[]) => infer R ? Awaited<R> : never>;

/** One harness page in its own browser context (own IndexedDB), with its probe module connected. */
export interface HarnessSession {
  page: Page;
  /** Calls `window.harness.<method>` in the host page. */
  harness: Call<HarnessApi>;
  /** Calls `window.probe.<method>` in the module frame. */
  probe: Call<ProbeApi>;
  close(): Promise<void>;
}

export const PROBE_ID = 'bench.tool.probe';
/** The demo user's fixed tool token (the harness acts as the demo user's tool overlay). */
export const TOOL_TOKEN = DEMO_TOKENS.tool;

export interface OpenHarnessOptions {
  /** Start with the token (flushes reach the API) or without (the queue pauses at its first send). */
  withToken: boolean;
  /** @default 25, the queue's default */
  flushDelayMs?: number;
}

/** Opens the harness page in a fresh context and waits until the probe's bridge, raw port and penpal are up. */
export async function openHarness(context: BrowserContext, server: HarnessServer, options: OpenHarnessOptions): Promise<HarnessSession> {
  const page = await context.newPage();
  await page.goto(`${server.url}/bench/harness.html`);
  const setup: HarnessSetup = {
    apiBase: server.apiBase,
    token: options.withToken ? TOOL_TOKEN : null,
    userId: DEMO_PROFILE.user.userId,
    profile: toPublicProfile(DEMO_PROFILE),
    moduleId: PROBE_ID,
    probePath: `/${PROBE_DIR}/index.html`,
    flushDelayMs: options.flushDelayMs ?? 25,
  };
  const harness = caller<HarnessApi>(page.mainFrame(), 'harness');
  await harness('setup', setup);
  const frame = findProbeFrame(page);
  // The SDK says hello as soon as /sdk.js runs, possibly before the probe's own script has.
  await frame.waitForFunction(() => 'probe' in window);
  const probe = caller<ProbeApi>(frame, 'probe');
  await probe('connect');
  return { page, harness, probe, close: () => context.close() };
}

function findProbeFrame(page: Page): Frame {
  const frame = page.frames().find((each) => new URL(each.url()).hostname.endsWith('.localhost'));
  if (!frame) throw new Error(`the probe frame is missing: ${page.frames().map((f) => f.url()).join(', ')}`);
  return frame;
}

function caller<Api>(frame: Frame, global: string): Call<Api> {
  return ((method: string, ...args: unknown[]) =>
    frame.evaluate(
      ([name, m, a]) => (window as unknown as Record<string, Record<string, (...x: unknown[]) => unknown>>)[name]![m]!(...a),
      [global, method, args] as const,
    )) as Call<Api>;
}
