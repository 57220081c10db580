import { parseArgs } from 'node:util';
import { envName, type FlagValues, withEnvironment, withEnvNames } from './flagsFromEnv.ts';
import { type TwitchFlags, twitchFlags } from './twitchFlags.ts';
import { UsageError } from './UsageError.ts';
import { secretSetting } from './secretSetting.ts';
import { DEFAULT_EVENT_RATE, type EventRate } from '../events/index.ts';
import type { ApiLimits } from '../http/index.ts';
import { DEFAULT_EXCHANGE_LIMITS, type ExchangeLimits } from '../limits/index.ts';
import { DEFAULT_MAX_TOKENS_PER_OVERLAY, DEFAULT_TOKEN_TTL_MS } from '../registry/index.ts';
import { DEFAULT_SESSION_DAYS } from '../sessions/index.ts';
import { DEFAULT_MAX_SIGNUPS_PER_HOUR } from '../signin/index.ts';
import { parseStoreUrl, type StoreSpec } from '../store/index.ts';
import { checkPublicUrl, type SignupFlags, signupFlags } from './signupFlags.ts';
import { DEFAULT_MEDIA_LIMITS, type MediaLimits, MIB, parseS3MediaSpec, type S3MediaSpec } from '../media/index.ts';

export const DEFAULT_PORT = 8787;
export const DEFAULT_STORE = 'sqlite:./data/overlay.sqlite';

export { UsageError };

/** The usage text with the variable of each flag; see flagsFromEnv.ts. */
export const USAGE = withEnvNames(`Usage: npm run api -- [options]

Every flag can also come from the environment: ${envName('<flag>')} with the flag's name in upper snake case
(--store from ${envName('store')}, --no-live from ${envName('no-live')}=true); the port also from PORT. A flag on the
command line wins. Give secrets in a variable or a file (--twitch-client-secret-file, as containers mount them),
not as a flag, which every user of the machine sees in ps.

  --port <n>               TCP port, 0 for a free one (default ${DEFAULT_PORT})
  --host <address>         interface to listen on (default 127.0.0.1)
  --seed <file>            seed file with users and tokens (default: the built-in demo user); a user
                           the store knows keeps its stored profile
  --reseed                 replace the stored profiles of the seed's users with the seed's
  --modules <folder>       the installed modules (<folder>/<id>/module.json): profile writes refuse
                           other module ids, and ids of the wrong kind (default: only their form is checked)
  --store <url>            memory | sqlite:<path>[?synchronous=normal] | redis://host:port[/db] (default ${DEFAULT_STORE})
  --value-ttl-days <n>     redis only: drop a value n days after its last write (default: never)
  --token-ttl-seconds <n>  lifetime of exchanged overlay tokens (default ${DEFAULT_TOKEN_TTL_MS / 1000})
  --max-value-bytes <n>    largest value, as UTF-8 bytes of its JSON (default 65536)
  --max-body-bytes <n>     largest request body in bytes (default 1048576)
  --max-live-connections <n>  live connections (/me/database/changes) per user and overlay kind (default 32)
  --max-pending-live-connections <n>
                           live connections not yet authenticated, from all addresses (default 512)
  --max-pending-live-per-address <n>
                           live connections not yet authenticated, from one client address (default 128)
  --trust-proxy <hops>     proxies in front of the server: each per-address budget counts the client that many
                           entries from the right of X-Forwarded-For (default 0: the header is ignored)
  --no-live                serve no live endpoint: its path answers 404, like the hosted service
  --envelope               wrap bodies as the hosted service does: {meta, data} / {meta, error}
  --exchange-limit <n>     exchanges of one overlay id per window, then 429 (default ${DEFAULT_EXCHANGE_LIMITS.exchangesPerOverlay})
  --failed-exchange-limit <n>
                           failed exchanges (unknown overlay id) from one client address and kind of origin per window, then 429 (default ${DEFAULT_EXCHANGE_LIMITS.failedExchangesPerAddress})
  --exchange-window-seconds <n>
                           length of the exchange limits' window (default ${DEFAULT_EXCHANGE_LIMITS.exchangeWindowMs / 1000})
  --max-tokens-per-overlay <n>
                           exchanged tokens alive per overlay id; the oldest is dropped first (default ${DEFAULT_MAX_TOKENS_PER_OVERLAY})
  --twitch-client-id <id>  connect each streamer logged in with npm run twitch-login to Twitch
  --twitch-webhook-url <url>  public HTTPS address of POST /twitch/eventsub: EventSub webhooks instead of WebSocket
  --twitch-webhook-secret <s> the webhooks' signing secret, 10 to 100 characters
  --twitch-webhook-secret-file <path>
                           a file holding it
  --twitch-client-secret <s>  the app's client secret, for the webhooks' app access token
  --twitch-client-secret-file <path>
                           a file holding it
  --max-events-per-second <n>
                           events one user may post per second (POST /me/events), then 429 (default ${DEFAULT_EVENT_RATE.perSecond})
  --event-burst <n>        events one user may post at once above that rate (default ${DEFAULT_EVENT_RATE.burst})
  --session-days <n>       lifetime of the website tokens made by signing in (default ${DEFAULT_SESSION_DAYS})
  --signup twitch          let streamers create their own account by signing in with Twitch (docs/deploying.md);
                           needs --twitch-client-id, --twitch-client-secret and --public-url
  --public-url <url>       the API's public base URL: media URLs start with it (default: the request's origin); with
                           --signup, Twitch redirects to <url>/auth/twitch/callback, then <url>/home
  --media-file-mb <n>      largest media file a streamer may upload, in MB (default ${DEFAULT_MEDIA_LIMITS.maxFileBytes / MIB})
  --media-quota-mb <n>     what one streamer's media files may take together, in MB (default ${DEFAULT_MEDIA_LIMITS.quotaBytes / MIB})
  --media-store <url>      s3://<bucket>[/<prefix>]?endpoint=<url>&region=<region>: media bytes in an S3-compatible
                           bucket, credentials from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or their _FILE
                           forms); default: in the data store
  --allowed-logins <a,b>   only these Twitch logins may sign up (default: anyone)
  --max-signups-per-hour <n>
                           new accounts per client address and hour, then 429 (default ${DEFAULT_MAX_SIGNUPS_PER_HOUR})
  --max-sign-in-starts-per-address <n>
                           sign-ins started (GET /auth/twitch) per client address in 10 minutes, then 429 (default 60)
  --max-sign-in-starts <n> sign-ins started on the whole deployment in 10 minutes, then 503 (default 10000)
  --default-selection <file>  JSON {game, tools, background, event}: the modules a new account starts with
  --help                   print this text`);

export interface CliOptions {
  port: number;
  host: string;
  /** Undefined: use the built-in demo seed. */
  seedPath?: string;
  /** `--reseed`: the seed's profiles replace the stored ones of its users. */
  reseed: boolean;
  /** `--modules <folder>`: the installed modules, whose ids profile writes accept. */
  modulesPath?: string;
  storeUrl: string;
  store: StoreSpec;
  tokenTtlMs: number;
  /** Exchanged tokens alive per overlay id. */
  maxTokensPerOverlay: number;
  limits: ApiLimits;
  /** The live endpoint's settings; false with --no-live. */
  live: false | { maxConnectionsPerUser: number; maxPendingConnections: number; maxPendingPerAddress: number };
  /** Bodies in the hosted service's `{meta, data}` / `{meta, error}` shape. */
  envelope: boolean;
  /** Proxies in front of the server whose `X-Forwarded-For` entries name the client (0: none, the header is ignored). */
  trustProxy: number;
  /** Connect to Twitch (docs/twitch.md); undefined without a client id. */
  twitch?: TwitchFlags;
  /** The per-user rate of `POST /me/events`. */
  eventRate: EventRate;
  /** Lifetime of the website tokens made by signing in. */
  sessionDays: number;
  /** `--signup twitch` and its flags; undefined without it. */
  signup?: SignupFlags;
  /** The media library's limits, and the bucket of `--media-store` (undefined: bytes in the data store). */
  media: { limits: MediaLimits; bucket?: S3MediaSpec };
  /** `--public-url`: the API's public base URL (media URLs, sign-up's redirects). */
  publicUrl?: string;
  help: boolean;
}

/**
 * Parses the server's flags (`process.argv.slice(2)`), each flag not given taken from its variable in `env`
 * (flagsFromEnv.ts); throws UsageError naming the bad flag, and the variable when the value came from one.
 */
export function parseCliArgs(argv: string[], env: Record<string, string | undefined> = process.env): CliOptions {
  const { values, fromEnv } = withEnvironment(readFlags(argv), FLAGS, env);
  try {
    return optionsOf(values, env);
  } catch (error) {
    const flag = error instanceof UsageError ? /^--([a-z0-9-]+):/.exec(error.message)?.[1] : undefined;
    const variable = flag && fromEnv.get(flag);
    if (!variable) throw error;
    throw new UsageError((error as Error).message.replace(`--${flag}:`, `--${flag} (from ${variable}):`));
  }
}

function optionsOf(values: FlagValues, env: Record<string, string | undefined>): CliOptions {
  const text = (name: string) => values[name] as string | undefined;
  const storeUrl = text('store') ?? DEFAULT_STORE;
  let store: StoreSpec;
  try {
    store = parseStoreUrl(storeUrl);
  } catch (error) {
    throw new UsageError(`--store: ${(error as Error).message}`);
  }
  const valueTtlDays = text('value-ttl-days');
  if (valueTtlDays !== undefined) store = withValueTtl(store, integerFlag('value-ttl-days', valueTtlDays, 0, 1, 36_500));
  if (text('seed') === '') throw new UsageError('--seed: needs a file path');
  if (text('modules') === '') throw new UsageError('--modules: needs a folder path');
  const twitch = twitchFlags(values);
  return {
    port: integerFlag('port', text('port'), DEFAULT_PORT, 0, 65535),
    host: text('host') ?? '127.0.0.1',
    seedPath: text('seed'),
    reseed: values.reseed === true,
    modulesPath: text('modules'),
    storeUrl,
    store,
    tokenTtlMs: integerFlag('token-ttl-seconds', text('token-ttl-seconds'), DEFAULT_TOKEN_TTL_MS / 1000, 1) * 1000,
    maxTokensPerOverlay: integerFlag('max-tokens-per-overlay', text('max-tokens-per-overlay'), DEFAULT_MAX_TOKENS_PER_OVERLAY, 1),
    limits: {
      maxValueBytes: integerFlag('max-value-bytes', text('max-value-bytes'), 65536, 1),
      maxBodyBytes: integerFlag('max-body-bytes', text('max-body-bytes'), 1048576, 1),
      ...exchangeLimits(values),
    },
    live: liveFlags(values),
    envelope: values.envelope === true,
    trustProxy: integerFlag('trust-proxy', text('trust-proxy'), 0, 0, 16),
    twitch,
    eventRate: {
      perSecond: integerFlag('max-events-per-second', text('max-events-per-second'), DEFAULT_EVENT_RATE.perSecond, 1, 1_000_000),
      burst: integerFlag('event-burst', text('event-burst'), DEFAULT_EVENT_RATE.burst, 1, 1_000_000),
    },
    sessionDays: integerFlag('session-days', text('session-days'), DEFAULT_SESSION_DAYS, 1, 3650),
    signup: signupFlags({ ...values, 'twitch-client-secret': secretSetting(values, 'twitch-client-secret') }, twitch?.clientId, (message) => new UsageError(message)),
    media: mediaFlags(values, env),
    publicUrl: values['public-url'] === undefined ? undefined : checkPublicUrl(text('public-url')!, (message) => new UsageError(message)),
    help: values.help === true,
  };
}

/** `--media-file-mb`, `--media-quota-mb` (MB meaning MiB) and `--media-store`, whose credentials come from `env`. */
function mediaFlags(values: FlagValues, env: Record<string, string | undefined>): CliOptions['media'] {
  const text = (name: string) => values[name] as string | undefined;
  const maxFileBytes = integerFlag('media-file-mb', text('media-file-mb'), DEFAULT_MEDIA_LIMITS.maxFileBytes / MIB, 1, 4096) * MIB;
  const quotaBytes = integerFlag('media-quota-mb', text('media-quota-mb'), DEFAULT_MEDIA_LIMITS.quotaBytes / MIB, 1, 1_048_576) * MIB;
  if (quotaBytes < maxFileBytes) throw new UsageError(`--media-quota-mb: the quota (${quotaBytes / MIB}) is smaller than one file may be (--media-file-mb ${maxFileBytes / MIB})`);
  const store = text('media-store');
  if (store === undefined) return { limits: { maxFileBytes, quotaBytes } };
  try {
    return { limits: { maxFileBytes, quotaBytes }, bucket: parseS3MediaSpec(store, env) };
  } catch (error) {
    throw new UsageError(`--media-store: ${(error as Error).message}`);
  }
}

/** Every flag: each is also read from its variable (flagsFromEnv.ts), so a flag added here gets one. */
const FLAGS = {
  port: { type: 'string' },
  host: { type: 'string' },
  seed: { type: 'string' },
  reseed: { type: 'boolean' },
  modules: { type: 'string' },
  store: { type: 'string' },
  'token-ttl-seconds': { type: 'string' },
  'value-ttl-days': { type: 'string' },
  'max-value-bytes': { type: 'string' },
  'max-body-bytes': { type: 'string' },
  'max-live-connections': { type: 'string' },
  'max-pending-live-connections': { type: 'string' },
  'max-pending-live-per-address': { type: 'string' },
  'trust-proxy': { type: 'string' },
  'no-live': { type: 'boolean' },
  envelope: { type: 'boolean' },
  'exchange-limit': { type: 'string' },
  'failed-exchange-limit': { type: 'string' },
  'exchange-window-seconds': { type: 'string' },
  'max-tokens-per-overlay': { type: 'string' },
  'twitch-client-id': { type: 'string' },
  'twitch-webhook-url': { type: 'string' },
  'twitch-webhook-secret': { type: 'string' },
  'twitch-webhook-secret-file': { type: 'string' },
  'twitch-client-secret': { type: 'string' },
  'twitch-client-secret-file': { type: 'string' },
  'max-events-per-second': { type: 'string' },
  'event-burst': { type: 'string' },
  'session-days': { type: 'string' },
  signup: { type: 'string' },
  'public-url': { type: 'string' },
  'allowed-logins': { type: 'string' },
  'max-signups-per-hour': { type: 'string' },
  'max-sign-in-starts-per-address': { type: 'string' },
  'max-sign-in-starts': { type: 'string' },
  'default-selection': { type: 'string' },
  'media-file-mb': { type: 'string' },
  'media-quota-mb': { type: 'string' },
  'media-store': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The flag names, for tests and for the usage text's check. */
export const FLAG_NAMES = Object.keys(FLAGS);

function readFlags(argv: string[]): FlagValues {
  try {
    return parseArgs({ args: argv, strict: true, allowPositionals: false, options: FLAGS }).values;
  } catch (error) {
    // Not echoed: a stray argument may be a secret that lost its flag (`--twitch-client-secret= s3cret`).
    if ((error as NodeJS.ErrnoException).code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') throw new UsageError('a positional argument: only flags are taken (the argument is not shown, it may be a secret)');
    throw new UsageError((error as Error).message);
  }
}

function exchangeLimits(values: FlagValues): ExchangeLimits {
  const flag = (name: string, fallback: number) => integerFlag(name, values[name] as string | undefined, fallback, 1);
  const defaults = DEFAULT_EXCHANGE_LIMITS;
  return {
    exchangesPerOverlay: flag('exchange-limit', defaults.exchangesPerOverlay),
    failedExchangesPerAddress: flag('failed-exchange-limit', defaults.failedExchangesPerAddress),
    exchangeWindowMs: flag('exchange-window-seconds', defaults.exchangeWindowMs / 1000) * 1000,
  };
}

/** `--value-ttl-days`: off by default, since nothing is dropped unless the operator asks; only Redis expires values. */
function withValueTtl(store: StoreSpec, days: number): StoreSpec {
  if (store.type !== 'redis') throw new UsageError(`--value-ttl-days: only the redis store expires values (store is ${store.type})`);
  return { ...store, valueTtlSeconds: days * 86_400 };
}

const LIVE_FLAGS = ['max-live-connections', 'max-pending-live-connections', 'max-pending-live-per-address'] as const;

/** `--no-live` and the live limits: a limit for an endpoint that is not served is a mistake worth naming. */
function liveFlags(values: FlagValues): CliOptions['live'] {
  const given = LIVE_FLAGS.find((name) => values[name] !== undefined);
  if (values['no-live'] && given) throw new UsageError(`--${given}: there is no live endpoint with --no-live`);
  if (values['no-live']) return false;
  const flag = (name: (typeof LIVE_FLAGS)[number], fallback: number) => integerFlag(name, values[name] as string | undefined, fallback, 1, 100_000);
  return {
    maxConnectionsPerUser: flag('max-live-connections', 32),
    maxPendingConnections: flag('max-pending-live-connections', 512),
    maxPendingPerAddress: flag('max-pending-live-per-address', 128),
  };
}

function integerFlag(name: string, text: string | undefined, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (text === undefined) return fallback;
  const value = /^\d+$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!(Number.isSafeInteger(value) && value >= min && value <= max)) {
    throw new UsageError(`--${name}: expected an integer from ${min} to ${max}, got ${JSON.stringify(text)}`);
  }
  return value;
}
