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
  --seed <file>            seed file with users and tokens (default: the built-in demo user)
  --store <url>            memory | sqlite:<path>[?synchronous=normal] | redis://host:port[/db] (default ${DEFAULT_STORE})
  --value-ttl-days <n>     redis only: drop a value n days after its last write (default: never)
  --token-ttl-seconds <n>  lifetime of exchanged overlay tokens (default ${DEFAULT_TOKEN_TTL_MS / 1000})
  --max-value-bytes <n>    largest value, as UTF-8 bytes of its JSON (default 65536)
  --max-body-bytes <n>     largest request body in bytes (default 1048576)
  --max-live-connections <n>  live connections (/me/database/changes) per user (default 32)
  --no-live                serve no live endpoint: its path answers 404, like the hosted service
  --envelope               wrap bodies as the hosted service does: {meta, data} / {meta, error}
  --exchange-limit <n>     exchanges of one overlay id per window, then 429 (default ${DEFAULT_EXCHANGE_LIMITS.exchangesPerOverlay})
  --failed-exchange-limit <n>
                           failed exchanges (unknown overlay id) from one client address per window, then 429 (default ${DEFAULT_EXCHANGE_LIMITS.failedExchangesPerAddress})
  --exchange-window-seconds <n>
                           length of the exchange limits' window (default ${DEFAULT_EXCHANGE_LIMITS.exchangeWindowMs / 1000})
  --max-tokens-per-overlay <n>
                           exchanged tokens alive per overlay id; the oldest is dropped first (default ${DEFAULT_MAX_TOKENS_PER_OVERLAY})
  --max-events-per-second <n>
                           events one user may post per second (POST /me/events), then 429 (default ${DEFAULT_EVENT_RATE.perSecond})
  --event-burst <n>        events one user may post at once above that rate (default ${DEFAULT_EVENT_RATE.burst})
  --help                   print this text`;

export interface CliOptions {
  port: number;
  host: string;
  /** Undefined: use the built-in demo seed. */
  seedPath?: string;
  storeUrl: string;
  store: StoreSpec;
  tokenTtlMs: number;
  /** Exchanged tokens alive per overlay id. */
  maxTokensPerOverlay: number;
  limits: ApiLimits;
  /** The live endpoint's settings; false with --no-live. */
  live: false | { maxConnectionsPerUser: number };
  /** Bodies in the hosted service's `{meta, data}` / `{meta, error}` shape. */
  envelope: boolean;
  /** The per-user rate of `POST /me/events`. */
  eventRate: EventRate;
  help: boolean;
}

/** A command line that cannot be run; the message names the flag. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Parses the server's flags (`process.argv.slice(2)`); throws UsageError naming the bad flag. */
export function parseCliArgs(argv: string[]): CliOptions {
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
  return {
    port: integerFlag('port', values.port, DEFAULT_PORT, 0, 65535),
    host: values.host ?? '127.0.0.1',
    seedPath: values.seed,
    storeUrl,
    store,
    tokenTtlMs: integerFlag('token-ttl-seconds', values['token-ttl-seconds'], DEFAULT_TOKEN_TTL_MS / 1000, 1) * 1000,
    maxTokensPerOverlay: integerFlag('max-tokens-per-overlay', values['max-tokens-per-overlay'], DEFAULT_MAX_TOKENS_PER_OVERLAY, 1),
    limits: {
      maxValueBytes: integerFlag('max-value-bytes', values['max-value-bytes'], 65536, 1),
      maxBodyBytes: integerFlag('max-body-bytes', values['max-body-bytes'], 1048576, 1),
      ...exchangeLimits(values),
    },
    live: liveFlags(values['no-live'], values['max-live-connections']),
    envelope: values.envelope ?? false,
    eventRate: {
      perSecond: integerFlag('max-events-per-second', values['max-events-per-second'], DEFAULT_EVENT_RATE.perSecond, 1, 1_000_000),
      burst: integerFlag('event-burst', values['event-burst'], DEFAULT_EVENT_RATE.burst, 1, 1_000_000),
    },
    help: values.help ?? false,
  };
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
        store: { type: 'string' },
        'token-ttl-seconds': { type: 'string' },
        'value-ttl-days': { type: 'string' },
        'max-value-bytes': { type: 'string' },
        'max-body-bytes': { type: 'string' },
        'max-live-connections': { type: 'string' },
        'no-live': { type: 'boolean' },
        envelope: { type: 'boolean' },
        'exchange-limit': { type: 'string' },
        'failed-exchange-limit': { type: 'string' },
        'exchange-window-seconds': { type: 'string' },
        'max-tokens-per-overlay': { type: 'string' },
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

/** `--no-live` and `--max-live-connections`: a limit for an endpoint that is not served is a mistake worth naming. */
function liveFlags(noLive: boolean | undefined, maxConnections: string | undefined): CliOptions['live'] {
  if (noLive && maxConnections !== undefined) throw new UsageError('--max-live-connections: there is no live endpoint with --no-live');
  if (noLive) return false;
  return { maxConnectionsPerUser: integerFlag('max-live-connections', maxConnections, 32, 1, 100_000) };
}

function integerFlag(name: string, text: string | undefined, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (text === undefined) return fallback;
  const value = /^\d+$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!(Number.isSafeInteger(value) && value >= min && value <= max)) {
    throw new UsageError(`--${name}: expected an integer from ${min} to ${max}, got ${JSON.stringify(text)}`);
  }
  return value;
}
