import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './e2e/chromium.ts';

/** Port of the page server the browser tests build and start. */
const PAGE_PORT = Number(process.env.E2E_PAGE_PORT ?? 4173);

export default defineConfig({
  testDir: '.',
  testMatch: ['e2e/**/*.spec.ts', 'modules/*/*.spec.ts'],
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
  webServer: {
    command: `npx vite build --logLevel warn && npx tsx src/cli/start.ts --port ${PAGE_PORT} --store memory --no-open`,
    url: `http://127.0.0.1:${PAGE_PORT}/`,
    env: { OVERLAY_MODULE_DIRS: 'e2e/modules' },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
