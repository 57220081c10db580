import { type ReadonlySignal, signal } from '@preact/signals-core';
import type { UseStore } from 'idb-keyval';
import { type Clock, systemClock } from '../../api/index.ts';
import { createDurableStore } from './createDurableStore.ts';
import { createIdbKeyValue } from './createIdbKeyValue.ts';
import { createMemoryKeyValue } from './createMemoryKeyValue.ts';
import type { KeyValueStore } from './KeyValueStore.ts';

/** The one IndexedDB database and object store of the client. */
export const LOCAL_DB_NAME = 'overlay-queue';
export const LOCAL_STORE_NAME = 'entries';

export type StorageKind = 'indexeddb' | 'memory';

/** The page's local store: IndexedDB while it works, memory for good once it fails. */
export interface LocalStore extends KeyValueStore {
  readonly storage: ReadonlySignal<StorageKind>;
}

export interface LocalStoreOptions {
  /** The idb-keyval store; null for memory only. @default createDurableStore('overlay-queue', 'entries', indexedDB) */
  useStore?: UseStore | null;
  /** Time the first operation (it opens the database) may take before memory takes over. @default 5000 */
  openTimeoutMs?: number;
  /** @default systemClock */
  clock?: Clock;
  /** Told once, with the cause, when the store falls back to memory. @default console.warn */
  onFallback?: (reason: unknown) => void;
}

/**
 * Opens the local store. Any IndexedDB failure (no IndexedDB, open error or
 * hang, quota, a corrupt database) switches it to memory for the rest of the
 * page's life: what could still be read is copied over, the failed operation
 * is replayed in memory, and `storage` turns to `'memory'`.
 * Create one per page and share it.
 */
export function openLocalStore(options: LocalStoreOptions = {}): LocalStore {
  const { clock = systemClock, openTimeoutMs = 5000 } = options;
  const onFallback = options.onFallback ?? ((reason) => console.warn('[overlay] local storage in memory only:', reason));
  const useStore = options.useStore === undefined ? defaultUseStore() : options.useStore;
  // Its code stays in the page, not loaded on demand: IndexedDB may fail while the
  // page's server is out of reach, and then memory is all that keeps a write.
  let memory: KeyValueStore | null = null;
  const inMemory = () => (memory ??= createMemoryKeyValue());
  const storage = signal<StorageKind>(useStore ? 'indexeddb' : 'memory', { name: 'storage' });
  let primary: KeyValueStore | null = useStore ? createIdbKeyValue(useStore) : null;
  let opened = false;
  let switching: Promise<void> | null = null;

  function fallBack(from: KeyValueStore, reason: unknown): Promise<void> {
    primary = null;
    if (switching) return switching;
    // A database that never opened has nothing to copy; one that worked may still be readable.
    const copied = opened ? copyAll(from, inMemory(), clock, openTimeoutMs) : Promise.resolve();
    switching = copied.then(() => {
      storage.value = 'memory';
      onFallback(reason);
    });
    return switching;
  }

  /** Runs `op` on IndexedDB, or on memory once it failed; `ownFault` tells the caller's errors apart. */
  async function run<R>(op: (store: KeyValueStore) => Promise<R>, ownFault = () => false): Promise<R> {
    const current = primary;
    if (current) {
      try {
        return await onPrimary(current, op, ownFault);
      } catch (error) {
        if (ownFault()) throw error;
        await fallBack(current, error);
      }
    }
    if (switching) await switching;
    return op(inMemory());
  }

  async function onPrimary<R>(current: KeyValueStore, op: (store: KeyValueStore) => Promise<R>, ownFault: () => boolean): Promise<R> {
    if (!opened) {
      const result = await within(op(current), clock, openTimeoutMs);
      opened = true;
      return result;
    }
    try {
      return await op(current);
    } catch (error) {
      if (ownFault()) throw error;
      // A failed transaction applied nothing: once IndexedDB has worked, one retry is safe.
      return op(current);
    }
  }

  return {
    storage,
    get: (key) => run((store) => store.get(key)),
    getAll: (prefix) => run((store) => store.getAll(prefix)),
    update(keys, decide) {
      let threw = false;
      const guarded: typeof decide = (values) => {
        try {
          return decide(values);
        } catch (error) {
          threw = true;
          throw error;
        }
      };
      return run((store) => store.update(keys, guarded), () => threw);
    },
  };
}

function defaultUseStore(): UseStore | null {
  try {
    return typeof indexedDB === 'undefined' ? null : createDurableStore(LOCAL_DB_NAME, LOCAL_STORE_NAME, indexedDB);
  } catch {
    // Some browsers throw on merely touching `indexedDB` when storage is blocked.
    return null;
  }
}

/** Best effort: whatever the failing store can still give is kept. */
async function copyAll(from: KeyValueStore, to: KeyValueStore, clock: Clock, timeoutMs: number): Promise<void> {
  try {
    const rows = await within(from.getAll([]), clock, timeoutMs);
    await to.update([], () => ({ writes: rows, result: undefined }));
  } catch {
    // Nothing readable: the memory store starts empty.
  }
}

function within<T>(promise: Promise<T>, clock: Clock, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = clock.setTimeout(() => reject(new Error(`IndexedDB did not answer within ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clock.clearTimeout(timer));
  });
}
