import { demoBanner } from './cli/demoBanner.ts';
import { loadSignUpSettings } from './cli/loadSignUpSettings.ts';
import { type CliOptions, parseCliArgs, USAGE, UsageError } from './cli/parseCliArgs.ts';
import { DEMO_PROFILE, DEMO_SEED, loadSeedFile, type Seed, SeedError, shortOverlayIds } from './registry/index.ts';
import { type RunningApiServer, startApiServer } from './startApiServer.ts';
import { redactStoreUrl } from './store/index.ts';

/** `npm run api -- --port P --seed FILE --store URL`: see USAGE and docs/server.md. */
async function main(argv: string[]): Promise<void> {
  const options = parseOrExit(argv);
  const seed = await loadSeedOrExit(options.seedPath);
  let server: RunningApiServer;
  // With Redis down this waits, printing "Waiting for Redis at ..." every 10 s, and serves once Redis answers.
  const signup = options.signup && options.twitch ? await loadSignUpSettings(options.signup, options.twitch.clientId).catch((error: Error) => fail(error.message, 2)) : undefined;
  try {
    server = await startApiServer({ ...options, seed, store: options.store, modules: options.modulesPath, twitch: options.twitch, signup });
  } catch (error) {
    fail(`Cannot start the API: ${(error as Error).message}`);
  }
  stopOnSignals(server);
  // `events` is the server's EventStore (src/server/events), through which Twitch's notifications are stored and sent live.
  const twitchLines = await server.connectTwitch();
  // One write, so that whoever waits for the first line finds the rest with it.
  const storeUrl = redactStoreUrl(options.storeUrl);
  const details = options.seedPath
    ? `Users: ${seed.users.length} from ${options.seedPath}; store ${storeUrl}`
    : demoBanner(server.url, storeUrl, (await server.registry.profile(DEMO_PROFILE.user.userId))?.overlays);
  const shape = options.envelope ? '\nBodies wrapped as the hosted service does: {meta, data} / {meta, error} (--envelope)' : '';
  const signupLine = signup ? `\nSign-up with Twitch: ${signup.publicUrl}/auth/twitch (callback ${signup.publicUrl}/auth/twitch/callback)` : '';
  console.log([`API listening on ${server.url}\n${details}${shape}${signupLine}`, ...twitchLines].join('\n'));
}

function parseOrExit(argv: string[]): CliOptions {
  try {
    const options = parseCliArgs(argv);
    if (options.help) {
      console.log(USAGE);
      process.exit(0);
    }
    return options;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    fail(`${error.message}\n\n${USAGE}`, 2);
  }
}

async function loadSeedOrExit(path: string | undefined): Promise<Seed> {
  if (path === undefined) return DEMO_SEED;
  try {
    const seed = await loadSeedFile(path);
    for (const line of shortOverlayIds(seed)) console.warn(line);
    return seed;
  } catch (error) {
    if (!(error instanceof SeedError)) throw error;
    fail(`Invalid seed file ${path}:\n${error.issues.map((issue) => `  ${issue}`).join('\n')}`);
  }
}

/** SIGINT and SIGTERM stop Twitch, stop accepting, close the store, and exit 0; a second signal exits at once. */
function stopOnSignals(server: RunningApiServer): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    server.close().then(
      () => {
        console.log(`API stopped (${signal})`);
        process.exit(0);
      },
      (error: unknown) => fail(`Error while stopping: ${(error as Error).message}`),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

await main(process.argv.slice(2));
