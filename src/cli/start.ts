/**
 * `npm start`: serves the built overlay page, the studio, /sdk.js, the modules
 * and the API (under /api) from one process, and prints one overlay URL per kind.
 * Takes the API server's flags (see `npm run api -- --help`); the port defaults to 8080.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { KINDS, LIVE_PATH } from '../api/index.ts';
import {
  createApiApp,
  DEMO_SEED,
  loadSeedFile,
  parseCliArgs,
  type Seed,
  startApiServer,
  USAGE,
} from '../server/index.ts';
import { createPageApp } from './createPageApp.ts';
import { dockUrl } from './dockUrl.ts';

const DEFAULT_PAGE_PORT = '8080';

async function main(argv: string[]): Promise<void> {
  const { dist, rest } = takeDistFlag(argv);
  const withPort = rest.some((arg) => arg === '--port' || arg.startsWith('--port=')) ? rest : ['--port', DEFAULT_PAGE_PORT, ...rest];
  const options = parseCliArgs(withPort);
  if (options.help) return void console.log(`${USAGE.replace('npm run api', 'npm start')}\n  --dist <dir>             the built site to serve (default dist)`);
  const distDir = resolve(dist);
  if (!existsSync(resolve(distDir, 'index.html'))) throw new Error('dist/ is missing: run "npm run build" first (npm start does)');
  const seed: Seed = options.seedPath ? await loadSeedFile(options.seedPath) : DEMO_SEED;
  const live = options.live && { ...options.live, path: `/api${LIVE_PATH}` };
  const server = await startApiServer({
    ...options,
    seed,
    live,
    wrap: (store, registry) =>
      createPageApp({ distDir, api: createApiApp({ registry, store, limits: options.limits, devRoutes: true, live: live !== false }) }),
  });
  console.log(banner(server.url, seed, options.storeUrl));
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** `--dist <dir>` is this command's own flag; the rest are the API server's. */
function takeDistFlag(argv: string[]): { dist: string; rest: string[] } {
  const at = argv.indexOf('--dist');
  if (at === -1) return { dist: 'dist', rest: argv };
  const dist = argv[at + 1];
  if (!dist) throw new Error('--dist: needs a folder');
  return { dist, rest: [...argv.slice(0, at), ...argv.slice(at + 2)] };
}

function banner(url: string, seed: Seed, storeUrl: string): string {
  const { profile } = seed.users[0]!;
  const lines = KINDS.map((kind) => `  ${kind.padEnd(11)} ${url}/?overlay=${encodeURIComponent(profile.overlays[kind])}`);
  return [
    `Overlay server listening on ${url} (API under ${url}/api, store ${storeUrl})`,
    `Overlay URLs for ${profile.user.userName}: paste one into an OBS browser source (1920x1080); add &debug=1 to see problems:`,
    ...lines,
    `Dock for OBS (Docks > Custom Browser Docks), settings and panels of every overlay, live: ${dockUrl(url, seed)}`,
    `Studio for module authors: ${url}/studio`,
  ].join('\n');
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`Cannot start: ${(error as Error).message}`);
  process.exit(1);
});
