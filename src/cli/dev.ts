/**
 * `npm run dev`: Vite's dev server with hot reload for the page, the studio and
 * the modules, and the reference API mounted under /api (same flags as
 * `npm run api`; the port defaults to 5173). Opens the studio.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { createServer, type Plugin } from 'vite';
import { KINDS, LIVE_PATH } from '../api/index.ts';
import {
  type ApiAppOptions,
  composeApi,
  createApiApp,
  DEMO_SEED,
  type LiveEndpoint,
  loadSeedFile,
  parseCliArgs,
  redactStoreUrl,
  type Seed,
  settingGiven,
} from '../server/index.ts';
import { dockUrl } from './dockUrl.ts';

async function main(argv: string[]): Promise<void> {
  const noOpen = argv.includes('--no-open');
  const rest = argv.filter((arg) => arg !== '--no-open');
  const options = parseCliArgs(settingGiven('port', rest, process.env) ? rest : ['--port', '5173', ...rest]);
  const seed: Seed = options.seedPath ? await loadSeedFile(options.seedPath) : DEMO_SEED;
  // The modules Vite serves: profile writes accept their ids (read at start; a module added later needs a restart).
  const modulesFolder = resolve(options.modulesPath ?? 'modules');
  const modules = existsSync(modulesFolder) || options.modulesPath ? modulesFolder : undefined;
  const { tokenTtlMs, maxTokensPerOverlay, reseed, trustProxy, sessionDays, media, publicUrl } = options;
  const live = options.live && { ...options.live, path: `/api${LIVE_PATH}` };
  // No Twitch and no sign-up here: the dev server serves the demo user to the studio.
  const api = await composeApi({ seed, store: options.store, tokenTtlMs, maxTokensPerOverlay, reseed, modules, live, trustProxy, sessionDays, media, publicUrl });
  const { limits, envelope, eventRate } = options;
  const devOrigins = ownOrigins(options.host, options.port);
  const appOptions: ApiAppOptions = { ...api.services, limits, devRoutes: true, devOrigins, envelope, eventRate, apiPath: '/api' };
  const server = await createServer({
    plugins: [mountApi(appOptions, api.live)],
    server: { host: options.host, port: options.port, strictPort: true, open: noOpen || process.env.CI ? false : '/studio' },
  });
  // Vite answers SIGTERM itself with server.close() (then exits) and destroys every socket: live ones get their 1001 first.
  const closeVite = server.close.bind(server);
  server.close = async () => {
    await api.live?.close();
    await closeVite();
  };
  api.servedBy({ close: closeVite });
  await server.listen();
  const url = `http://${options.host}:${options.port}`;
  const { profile } = seed.users[0]!;
  console.log(`Dev server on ${url} (API under ${url}/api, store ${redactStoreUrl(options.storeUrl)}); edits reload live.`);
  console.log(`Studio: ${url}/studio`);
  console.log(`Dock: ${dockUrl(url, seed)}`);
  for (const kind of KINDS) console.log(`  ${kind.padEnd(11)} ${url}/?overlay=${encodeURIComponent(profile.overlays[kind])}&debug=1`);
  const stop = () => void api.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/**
 * Serves the API under /api inside Vite's server (connect strips the prefix), with the
 * studio's developer routes for the dev server's own origins, and the live endpoint on
 * the upgrades of its HTTP server: only those for `/api/me/database/changes`, so Vite's
 * own HMR socket is left to Vite.
 */
function mountApi(options: ApiAppOptions, live: LiveEndpoint | undefined): Plugin {
  const api = createApiApp(options);
  return {
    name: 'overlay-api',
    configureServer(server) {
      // First in the stack: Vite's own CORS middleware would otherwise answer every
      // preflight to /api with 204, whatever the API says of its origin.
      server.middlewares.stack.unshift({ route: '/api', handle: getRequestListener(api.fetch) });
      if (live) server.httpServer?.on('upgrade', (request, socket, head) => live.handleUpgrade(request, socket, head));
    },
  };
}

/** The origins the studio may be opened at: the address listened on, and loopback's other names for it. */
function ownOrigins(host: string, port: number): string[] {
  const named = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].map((name) => `http://${name}:${port}`);
  return /^(127\.0\.0\.1|localhost|::1)$/.test(host) ? [...new Set([named, ...loopback])] : [named];
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`Cannot start: ${(error as Error).message}`);
  process.exit(1);
});
