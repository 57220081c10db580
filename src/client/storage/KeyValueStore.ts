/** Keys of the one local store: arrays of strings, e.g. `['q', userId, kind, moduleId, name]`. */
export type StoreKey = string[];

/** Writes to apply (`undefined` deletes) and what the operation returns. */
export interface Decision<R> {
  writes: [StoreKey, unknown][];
  result: R;
}

/**
 * The few operations the queue needs from local storage. Each one is a single
 * IndexedDB transaction; `update` is the atomic read-modify-write that makes
 * coalescing and compare-and-delete safe across tabs.
 */
export interface KeyValueStore {
  get(key: StoreKey): Promise<unknown>;
  /** Every `[key, value]` whose key starts with `prefix`, in key order. */
  getAll(prefix: StoreKey): Promise<[StoreKey, unknown][]>;
  /**
   * Reads `keys`, lets `decide` choose the writes from their values, applies
   * them, and resolves with `decide`'s result once the transaction has committed.
   */
  update<R>(keys: StoreKey[], decide: (values: unknown[]) => Decision<R>): Promise<R>;
}

/** True when `key` starts with every element of `prefix`. */
export function hasPrefix(key: StoreKey, prefix: StoreKey): boolean {
  return key.length >= prefix.length && prefix.every((part, i) => key[i] === part);
}
