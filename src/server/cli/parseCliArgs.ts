import { parseArgs } from 'node:util';
import { DEFAULT_EVENT_RATE, type EventRate } from '../events/index.ts';
import type { ApiLimits } from '../http/index.ts';
import { DEFAULT_EXCHANGE_LIMITS, type ExchangeLimits } from '../limits/index.ts';
import { DEFAULT_MAX_TOKENS_PER_OVERLAY, DEFAULT_TOKEN_TTL_MS } from '../registry/index.ts';
import { parseStoreUrl, type StoreSpec } from '../store/index.ts';

export const DEFAULT_PORT = 8787;
export const DEFAULT_STORE = 'sqlite:./data/overlay.sqlite';

export const USAGE = `Usage: npm run api -- [options]

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
  --twitch-client-id <id>  connect each streamer logged in with npm run twitch-login to Twitch (or TWITCH_CLIENT_ID)
  --twitch-webhook-url <url>  public HTTPS address of POST /twitch/eventsub: EventSub webhooks instead of WebSocket
  --twitch-webhook-secret <s> the webhooks' signing secret, 10 to 100 characters
  --twitch-client-secret <s>  the app's client secret, for the webhooks' app access token
  --max-events-per-second <n>
                           events one user may post per second (POST /me/events), then 429 (default ${DEFAULT_EVENT_RATE.perSecond})
  --event-burst <n>        events one user may post at once above that rate (default ${DEFAULT_EVENT_RATE.burst})
  --help                   print this text`;

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
  twitch?: { clientId: string; webhook?: { callback: string; secret: string; clientSecret: string } };
  /** The per-user rate of `POST /me/events`. */
  eventRate: EventRate;
  help: boolean;
}

/** A command line that cannot be run; the message names the flag. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Parses the server's flags (`process.argv.slice(2)`); throws UsageError naming the bad flag. */
export function parseCliArgs(argv: string[], env: Record<string, string | undefined> = process.env): CliOptions {
  const { values } = readFlags(argv);
  const storeUrl = values.store ?? DEFAULT_STORE;
  let store: StoreSpec;
  try {
    store = parseStoreUrl(storeUrl);
  } catch (error) {
    throw new UsageError(`--store: ${(error as Error).message}`);
  }
  const valueTtlDays = values['value-ttl-days'];
  if (valueTtlDays !== undefined) store = withValueTtl(store, integerFlag('value-ttl-days', valueTtlDays, 0, 1, 36_500));
  if (values.seed === '') throw new UsageError('--seed: needs a file path');
  if (values.modules === '') throw new UsageError('--modules: needs a folder path');
  return {
    port: integerFlag('port', values.port, DEFAULT_PORT, 0, 65535),
    host: values.host ?? '127.0.0.1',
    seedPath: values.seed,
    reseed: values.reseed ?? false,
    modulesPath: values.modules,
    storeUrl,
    store,
    tokenTtlMs: integerFlag('token-ttl-seconds', values['token-ttl-seconds'], DEFAULT_TOKEN_TTL_MS / 1000, 1) * 1000,
    maxTokensPerOverlay: integerFlag('max-tokens-per-overlay', values['max-tokens-per-overlay'], DEFAULT_MAX_TOKENS_PER_OVERLAY, 1),
    limits: {
      maxValueBytes: integerFlag('max-value-bytes', values['max-value-bytes'], 65536, 1),
      maxBodyBytes: integerFlag('max-body-bytes', values['max-body-bytes'], 1048576, 1),
      ...exchangeLimits(values),
    },
    live: liveFlags(values),
    envelope: values.envelope ?? false,
    trustProxy: integerFlag('trust-proxy', values['trust-proxy'], 0, 0, 16),
    twitch: twitchFlags(values, env),
    eventRate: {
      perSecond: integerFlag('max-events-per-second', values['max-events-per-second'], DEFAULT_EVENT_RATE.perSecond, 1, 1_000_000),
      burst: integerFlag('event-burst', values['event-burst'], DEFAULT_EVENT_RATE.burst, 1, 1_000_000),
    },
    help: values.help ?? false,
  };
}

/** The Twitch flags: a client id alone means WebSocket sessions; the three webhook flags come together or not at all. */
function twitchFlags(values: Record<string, string | boolean | undefined>, env: Record<string, string | undefined>): CliOptions['twitch'] {
  const text = (name: string) => values[name] as string | undefined;
  const clientId = text('twitch-client-id') ?? (env.TWITCH_CLIENT_ID || undefined);
  const webhookFlags = ['twitch-webhook-url', 'twitch-webhook-secret', 'twitch-client-secret'];
  const given = webhookFlags.filter((name) => text(name) !== undefined);
  if (given.length > 0 && !clientId) throw new UsageError(`--${given[0]}: needs --twitch-client-id (or TWITCH_CLIENT_ID)`);
  if (!clientId) return undefined;
  if (!/^[a-z0-9]{1,64}$/i.test(clientId)) throw new UsageError('--twitch-client-id: expected the letters and digits of a Twitch client id');
  if (given.length === 0) return { clientId };
  const missing = webhookFlags.find((name) => text(name) === undefined);
  if (missing) throw new UsageError(`--${missing}: the webhook transport needs --twitch-webhook-url, --twitch-webhook-secret and --twitch-client-secret`);
  const secret = text('twitch-webhook-secret')!;
  if (secret.length < 10 || secret.length > 100) throw new UsageError(`--twitch-webhook-secret: expected 10 to 100 characters, got ${secret.length}`);
  return { clientId, webhook: { callback: webhookUrl(text('twitch-webhook-url')!), secret, clientSecret: text('twitch-client-secret')! } };
}

/** Twitch only calls HTTPS on port 443; plain HTTP is accepted for a loopback address (a proxy on the same machine, tests). */
function webhookUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--twitch-webhook-url: not a URL: ${JSON.stringify(text)}`);
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) throw new UsageError('--twitch-webhook-url: must be an https:// address');
  return url.href;
}

function readFlags(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
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
        'twitch-client-secret': { type: 'string' },
        'max-events-per-second': { type: 'string' },
        'event-burst': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function exchangeLimits(values: Record<string, string | boolean | undefined>): ExchangeLimits {
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
function liveFlags(values: Record<string, string | boolean | undefined>): CliOptions['live'] {
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
