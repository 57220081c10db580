import { LIVE_PATH } from '../../api/index.ts';

/** Limits and timings of the live endpoint; every field has the default the contract or docs/live-sync.md names. */
export interface LiveOptions {
  /** Path the endpoint answers on (the API's own path, or `/api` + it when the API is mounted there). @default '/me/database/changes' */
  path: string;
  /** Live connections one user may hold on one instance for each overlay kind. @default 32 */
  maxConnectionsPerUser: number;
  /** Connections not yet authenticated on one instance, from all addresses. @default 512 */
  maxPendingConnections: number;
  /** Connections not yet authenticated on one instance from one client address (an IPv6 /64). @default 128 */
  maxPendingPerAddress: number;
  /** Time a new connection has to send its auth message; then it gets 4408 and its socket is cut. @default 10000 */
  authTimeoutMs: number;
  /** Interval of `{"type":"ping"}` (and of the check for dead peers and for tokens expired or dropped). @default 15000 */
  pingIntervalMs: number;
  /** Largest message a client may send, in bytes; larger ones close with 1009. @default 16384 */
  maxMessageBytes: number;
  /** Bytes queued for one client past which it is dropped with 1008; also the most a replay may send. @default 1 MiB */
  maxBufferedBytes: number;
  /** Time given to clients to acknowledge a close before their sockets are cut. @default 1000 */
  closeGraceMs: number;
}

export const DEFAULT_LIVE_OPTIONS: LiveOptions = {
  path: LIVE_PATH,
  maxConnectionsPerUser: 32,
  maxPendingConnections: 512,
  maxPendingPerAddress: 128,
  authTimeoutMs: 10_000,
  pingIntervalMs: 15_000,
  maxMessageBytes: 16 * 1024,
  maxBufferedBytes: 1024 * 1024,
  closeGraceMs: 1000,
};

/** The defaults with `options` over them; throws RangeError naming a field that is not a positive integer. */
export function resolveLiveOptions(options: Partial<LiveOptions> = {}): LiveOptions {
  const resolved = { ...DEFAULT_LIVE_OPTIONS };
  for (const name of Object.keys(DEFAULT_LIVE_OPTIONS) as (keyof LiveOptions)[]) {
    const value = options[name];
    if (value === undefined) continue;
    if (name !== 'path' && !(Number.isSafeInteger(value) && (value as number) > 0)) throw new RangeError(`live.${name} must be a positive integer`);
    Object.assign(resolved, { [name]: value });
  }
  if (!resolved.path.startsWith('/')) throw new RangeError('live.path must start with /');
  return resolved;
}
