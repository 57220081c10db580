/**
 * `npm run twitch-login -- [--user <id>] [--store <url>] [--seed <file>] [--twitch-client-id <id>]`:
 * logs a streamer in to Twitch with the device code flow and stores the
 * credentials beside the store's data, for the API's EventSub sessions (docs/twitch.md).
 */
import { parseArgs } from 'node:util';
import { DEFAULT_STORE, DEMO_SEED, loadSeedFile, loadTwitch, parseStoreUrl, type Seed, type StoreSpec } from '../server/index.ts';

const TWITCH_LOGIN_USAGE = `Usage: npm run twitch-login -- [options]

  --twitch-client-id <id>  the Twitch application's client id (or TWITCH_CLIENT_ID)
  --user <id>              our user to log in (default: the only user of the seed)
  --store <url>            where the API keeps its data: sqlite:<path> | redis://host:port[/db] (default ${DEFAULT_STORE})
  --seed <file>            the API's seed file, to find the user (default: the built-in demo user)
  --help                   print this text`;

/** A command line that cannot be run: printed with the usage, exit 2. */
class LoginUsageError extends Error {}

interface LoginArgs {
  clientId: string;
  store: StoreSpec;
  seedPath?: string;
  user?: string;
}

function parseLoginArgs(argv: string[], env: Record<string, string | undefined>): LoginArgs | 'help' {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: { user: { type: 'string' }, store: { type: 'string' }, seed: { type: 'string' }, 'twitch-client-id': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) return 'help';
  const clientId = values['twitch-client-id'] ?? env.TWITCH_CLIENT_ID;
  if (!clientId) throw new LoginUsageError('--twitch-client-id: needed (or TWITCH_CLIENT_ID); docs/twitch.md shows how to register an application');
  const store = parseStoreUrl(values.store ?? DEFAULT_STORE);
  if (store.type === 'memory') throw new LoginUsageError('--store: the memory store keeps nothing after this command; give the API\'s sqlite: or redis:// store');
  return { clientId, store, seedPath: values.seed, user: values.user };
}

/** The user to store the login for: `--user` when it is in the seed, or the seed's only user. */
function pickUser(seed: Seed, user: string | undefined): string {
  const ids = seed.users.map((entry) => entry.profile.user.userId);
  if (user !== undefined) {
    if (!ids.includes(user)) throw new LoginUsageError(`--user: ${user} is not a user of the seed (users: ${ids.join(', ')})`);
    return user;
  }
  if (ids.length !== 1) throw new LoginUsageError(`--user: the seed has ${ids.length} users; name one of ${ids.join(', ')}`);
  return ids[0]!;
}

async function main(argv: string[]): Promise<number> {
  let args: LoginArgs | 'help';
  let userId: string;
  try {
    args = parseLoginArgs(argv, process.env);
    if (args === 'help') {
      console.log(TWITCH_LOGIN_USAGE);
      return 0;
    }
    userId = pickUser(args.seedPath ? await loadSeedFile(args.seedPath) : DEMO_SEED, args.user);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${TWITCH_LOGIN_USAGE}`);
    return 2;
  }
  const { DeviceFlowError, loginToTwitch, openCredentialStore } = await loadTwitch();
  const credentials = await openCredentialStore(args.store);
  try {
    await loginToTwitch({ clientId: args.clientId, userId, credentials });
    return 0;
  } catch (error) {
    console.error(error instanceof DeviceFlowError ? error.message : `Twitch login failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await credentials.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
