import { execFileSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './e2e/chromium.ts';
import type { OverlayOptions } from './e2e/fixtures.ts';
import { obsEngines } from './e2e/obsEngines.ts';
import type { ObsEngineOptions } from './e2e/support/obsEngineFixtures.ts';

// Port and build folder of the page server the browser tests start. Chosen once in
// the main process (workers inherit the variable), so parallel runs do not collide.
process.env.E2E_PAGE_PORT ??= String(pagePort());
const PAGE_PORT = Number(process.env.E2E_PAGE_PORT);
const DIST = `node_modules/.cache/overlay-e2e-${PAGE_PORT}`;

export default defineConfig<Partial<OverlayOptions>, Partial<ObsEngineOptions>>({
  testDir: '.',
  testMatch: ['e2e/**/*.spec.ts', 'modules/*/*.spec.ts'],
  outputDir: `test-results/${PAGE_PORT}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? 'line' : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PAGE_PORT}`,
    viewport: { width: 1920, height: 1080 },
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'chromium' },
    // The overlay page and the modules once more against a server that wraps bodies as the hosted service does.
    { name: 'envelope', testMatch: ['e2e/overlay.spec.ts', 'e2e/debug.spec.ts', 'modules/*/*.spec.ts'], use: { envelope: true } },
    // The smoke suite once per Chromium that OBS ships (OBS_ENGINES picks others; docs/obs-engines.md).
    ...obsEngines().map(({ project, version }) => ({ name: project, testMatch: ['e2e/obs-engines.spec.ts'], use: { obsEngine: version } })),
  ],
  webServer: {
    command: `npx vite build --logLevel warn --outDir ${DIST} --emptyOutDir && npx tsx src/cli/start.ts --port ${PAGE_PORT} --store memory --dist ${DIST}`,
    url: `http://127.0.0.1:${PAGE_PORT}/`,
    env: { OVERLAY_MODULE_DIRS: 'e2e/modules' },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});

/**
 * A port free right now, below Linux's ephemeral range (32768 and up). Client sockets and
 * port-0 servers take theirs from that range: the soak just before the browser tests leaves
 * thousands of them, and a port chosen there was once taken (EADDRINUSE, a failed run).
 */
function pagePort(): number {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = 20_000 + ((process.pid + attempt * 997) % 12_000);
    if (portIsFree(port)) return port;
  }
  throw new Error('no free port for the page server between 20000 and 31999');
}

function portIsFree(port: number): boolean {
  const probe = `require('node:net').createServer().once('error', () => process.exit(1)).listen(${port}, '127.0.0.1', function () { this.close(() => process.exit(0)); })`;
  try {
    execFileSync(process.execPath, ['-e', probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
