// What the bench's two browser pages expose to Node (Playwright evaluates calls
// to these objects). Types only: the pages implement them, Node calls them.
import type { SyncStatus } from '../../client/index.ts';

/** How the harness page builds its data layer and module host. */
export interface HarnessSetup {
  /** The API base, e.g. `http://127.0.0.1:1234/api`. */
  apiBase: string;
  /** The Bearer token; null starts the queue without one (it pauses at its first send). */
  token: string | null;
  userId: string;
  /** Handed to the module as `Overlay.ready`'s profile. */
  profile: unknown;
  moduleId: string;
  /** The probe module's page, relative to the site root (it gets its own *.localhost site). */
  probePath: string;
  /** The write queue's wait before a flush. */
  flushDelayMs: number;
}

/** `window.harness` of the host page: the real write queue and module host, plus raw baselines. */
export interface HarnessApi {
  /** Builds queue, data seam and host; mounts the probe; resolves once it is ready. */
  setup(options: HarnessSetup): Promise<void>;
  setToken(token: string | null): void;
  status(): SyncStatus;
  /** Resolves once the queue has no write pending (and is not paused). */
  waitDrained(): Promise<void>;
  /** Queues `count` writes to distinct keys `<prefix><i>` through the data seam; resolves once all are durable. */
  enqueue(prefix: string, count: number): Promise<void>;
  /** Time (ms) from giving the paused queue its token until every queued write is confirmed. */
  drain(token: string): Promise<number>;
  /**
   * Mean ms of `count` sequential local operations in the host page, no bridge:
   * the data seam's get or set (of the probe's key), or a raw idb-keyval get or set.
   * They split a bridge figure into its parts.
   */
  timeLocal(count: number, op: LocalOp, key: string): Promise<number>;
  /** Time (ms) for `count` PATCHes sent one after another with fetch, as the queue would send them. */
  plainPatches(prefix: string, count: number, token: string): Promise<number>;
}

/** A local operation of the host page, timed by `timeLocal`. */
/**
 * `idb.update`: one strict transaction that reads two keys and writes both, the
 * least a queue that coalesces and keeps order must do (its counter and the entry).
 */
export type LocalOp = 'data.get' | 'data.set' | 'idb.get' | 'idb.set' | 'idb.update';

/** What a raw round trip does on the host side before it answers. */
export type RawMode = 'echo' | 'get' | 'set-strict' | 'set-relaxed';

/** `window.probe` of the module page: timed loops, measured inside the module frame. */
export interface ProbeApi {
  /** Waits for `Overlay.ready`, the raw port and the penpal connection. */
  connect(): Promise<void>;
  /** Mean ms of `count` sequential raw MessagePort round trips. */
  raw(count: number, mode: RawMode): Promise<number>;
  /** Mean ms of `count` sequential `Overlay.db.get(key)`. */
  sdkGet(count: number, key: string): Promise<number>;
  /** Mean ms of `count` sequential `get(key)` calls through penpal 7 (with penpal's per-call timeout when `timeoutMs` is given). */
  penpalGet(count: number, key: string, timeoutMs?: number): Promise<number>;
  /** Mean ms of `count` sequential `Overlay.db.set(key, value)`. */
  sdkSet(count: number, key: string): Promise<number>;
  /** Fires `keys * rounds` db.set at once (round r writes r to every key); ms until all resolved. */
  burst(prefix: string, keys: number, rounds: number): Promise<number>;
}

/** The small JSON value every micro-benchmark reads and writes. */
export const SAMPLE_VALUE = { count: 42, label: 'deaths', at: 1_700_000_000_000 };

/** A key the harness answers from memory, skipping the data layer: the bridge's own cost. */
export const MEMORY_KEY = 'bench-memory';

/** The raw port's first message from the probe, carrying the port. */
export const RAW_PORT_HELLO = 'bench:raw-port';
