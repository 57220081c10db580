/**
 * `npm start`: serves the built overlay page, the studio, /sdk.js, the modules
 * and the API (under /api) from one process, and prints one overlay URL per kind.
 * Takes the API server's flags (see `npm run api -- --help`); the port defaults to 8080.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { DOCK_PAGE_PATH, HOME_PAGE_PATH, KINDS, LIVE_PATH, moduleOriginProblem, withTokenFragment } from '../api/index.ts';
import {
  createApiApp,
  DEFAULT_PORT,
  envName,
  loadSeedFile,
  loadSignUpSettings,
  parseCliArgs,
  redactStoreUrl,
  type Seed,
  settingGiven,
  startApiServer,
  USAGE,
  withEnvNames,
} from '../server/index.ts';
import { createPageApp } from './createPageApp.ts';
import { dockUrl } from './dockUrl.ts';
import { homeUrl } from './homeUrl.ts';
import { streamerSeed } from './streamerSeed.ts';
import { type WebsiteToken, websiteTokenFor } from './websiteToken.ts';

const DEFAULT_PAGE_PORT = '8080';

async function main(argv: string[]): Promise<void> {
  const { own, rest } = takeOwnFlags(argv, ['dist', 'module-origin']);
  // Like the API's flags, these two also come from OVERLAY_DIST and OVERLAY_MODULE_ORIGIN.
  const dist = own.dist ?? (process.env[envName('dist')] || 'dist');
  const moduleOrigin = own['module-origin'] ?? (process.env[envName('module-origin')] || undefined);
  const problem = moduleOrigin === undefined ? undefined : moduleOriginProblem(moduleOrigin);
  if (problem) throw new Error(`--module-origin: ${problem}`);
  // 8080 unless --port, OVERLAY_PORT or PORT (cloud platforms hand the port over in PORT) says otherwise.
  const withPort = settingGiven('port', rest, process.env) ? rest : ['--port', DEFAULT_PAGE_PORT, ...rest];
  const options = parseCliArgs(withPort);
  if (options.help) return void console.log(`${USAGE.replace('npm run api', 'npm start').replace(`(default ${DEFAULT_PORT})`, `(default ${DEFAULT_PAGE_PORT})`)}\n${OWN_USAGE}`);
  const distDir = resolve(dist);
  if (!existsSync(resolve(distDir, 'index.html'))) throw new Error('dist/ is missing: run "npm run build" first (npm start does)');
  // The demo user's website token is made per data folder: the demo seed's own is public.
  const website = options.seedPath ? undefined : await websiteTokenFor(options.store);
  const seed: Seed = options.seedPath ? await loadSeedFile(options.seedPath) : streamerSeed(website!.token);
  const live = options.live && { ...options.live, path: `/api${LIVE_PATH}` };
  const signup = options.signup && options.twitch ? await loadSignUpSettings(options.signup, options.twitch.clientId) : undefined;
  const server = await startApiServer({
    ...options,
    seed,
    live,
    signup,
    // The catalog of the modules this build serves (when it has any), unless --modules names another folder.
    modules: options.modulesPath ?? (existsSync(resolve(distDir, 'modules')) ? resolve(distDir, 'modules') : undefined),
    // No developer routes: they let any token rewrite the profile, which is for `npm run dev` only.
    wrap: (app) => createPageApp({ distDir, moduleOrigin, api: createApiApp({ ...app, apiPath: '/api' }) }),
  });
  // `events` is the server's EventStore (src/server/events), through which Twitch's notifications are stored and sent live.
  const twitchLines = await server.connectTwitch();
  // The overlay ids as stored: those of the first start on this data folder.
  const profile = (await server.registry.profile(seed.users[0]!.profile.user.userId)) ?? seed.users[0]!.profile;
  console.log([banner(server.url, { ...seed, users: [{ ...seed.users[0]!, profile }] }, options.storeUrl, website), ...twitchLines].join('\n'));
  if (moduleOrigin) console.log(`Modules load from their own sites: ${moduleOrigin} (serve this build's files there too)`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

const OWN_USAGE = withEnvNames(`  --dist <dir>             the built site to serve (default dist)
  --module-origin <url>    each module's own site, e.g. "https://{site}.modules.example.com" (default: *.localhost here)`);

/** `--dist <dir>` and `--module-origin <url>` (either form) are this command's own flags; the rest are the API server's. */
function takeOwnFlags<Name extends string>(argv: string[], names: Name[]): { own: Partial<Record<Name, string>>; rest: string[] } {
  const own: Partial<Record<Name, string>> = {};
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const name = names.find((each) => argv[i] === `--${each}` || argv[i]!.startsWith(`--${each}=`));
    if (!name) {
      rest.push(argv[i]!);
      continue;
    }
    const value = argv[i]!.includes('=') ? argv[i]!.slice(name.length + 3) : argv[++i];
    if (!value) throw new Error(`--${name}: needs a value`);
    own[name] = value;
  }
  return { own, rest };
}

function banner(url: string, seed: Seed, storeUrl: string, website: WebsiteToken | undefined): string {
  const { profile } = seed.users[0]!;
  // Printed once, when made: after that it is in the data folder, not in every log of every start.
  const kept = `<the website token kept in ${website?.keptIn}>`;
  const dock = website && !website.created ? withTokenFragment(url + DOCK_PAGE_PATH, kept) : dockUrl(url, seed);
  const home = website && !website.created ? withTokenFragment(url + HOME_PAGE_PATH, kept) : homeUrl(url, seed);
  const lines = KINDS.map((kind) => `  ${kind.padEnd(11)} ${url}/?overlay=${encodeURIComponent(profile.overlays[kind])}`);
  return [
    `Overlay server listening on ${url} (API under ${url}/api, store ${redactStoreUrl(storeUrl)})`,
    `Home page (modules, layout, overlay addresses): ${home}`,
    `Overlay URLs for ${profile.user.userName}: paste one into an OBS browser source (1920x1080); add &debug=1 to see problems:`,
    ...lines,
    `Dock for OBS (Docks > Custom Browser Docks), settings and panels of every overlay, live: ${dock}`,
    ...(website?.created && website.keptIn ? [`  (a new website token, kept in ${website.keptIn}; it opens the profile and every overlay id: keep it secret)`] : []),
    `Studio for module authors: ${url}/studio (its data inspector and profile editor need npm run dev)`,
  ].join('\n');
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`Cannot start: ${(error as Error).message}`);
  process.exit(1);
});
