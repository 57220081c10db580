import type { Kind } from '../../api/index.ts';

/** Where one value lives: a module's key, kept apart per user and per overlay kind (docs/server.md, Keys). */
export interface DataAddress {
  userId: string;
  kind: Kind;
  moduleId: string;
  name: string;
}

/** One stored value of a user and kind, as `list` returns it. */
export interface StoredEntry {
  moduleId: string;
  name: string;
  /** The value's JSON text, exactly as it was stored. */
  json: string;
}

/**
 * The one interface every store implements (memory, sqlite, redis).
 * Values travel as JSON text: the server measures and validates a value once,
 * and the stores never parse it.
 */
export interface DataStore {
  /** What kind of store this is, for the API's root page (never its address or password). @default 'custom' */
  readonly kind?: 'memory' | 'sqlite' | 'redis';
  /** The sqlite store's database file, where the event log lives too. */
  readonly file?: string;
  /** JSON text of the value at `addr`; `undefined` when it was never set. */
  get(addr: DataAddress): Promise<string | undefined>;
  /**
   * Stores `json` at `addr` (last write wins); resolves once the write is durable.
   * `from` (the PATCH body's `id`) is what live listeners are told wrote it.
   */
  set(addr: DataAddress, json: string, from?: string): Promise<void>;
  /** Every entry of one user and overlay kind, ordered by module id, then name. */
  list(userId: string, kind: Kind): Promise<StoredEntry[]>;
  /** Releases the store; further calls reject. */
  close(): Promise<void>;
}

/** Thrown by a store that cannot serve right now (disk full, Redis down): the API answers 503. */
export class StoreUnavailableError extends Error {
  /** Seconds a client should wait before retrying. */
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds = 1) {
    super(message);
    this.name = 'StoreUnavailableError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
