import { promisifyRequest, type UseStore } from 'idb-keyval';
import type { Decision, KeyValueStore, StoreKey } from './KeyValueStore.ts';

/**
 * A KeyValueStore on an idb-keyval store (`createStore(db, store)`). Array keys
 * sort element by element, so a prefix is the range [prefix, [...prefix, []]]:
 * an array sorts after every string.
 */
export function createIdbKeyValue(useStore: UseStore): KeyValueStore {
  return {
    get: (key) => useStore('readonly', (store) => promisifyRequest(store.get(key))),
    getAll: (prefix) =>
      useStore('readonly', async (store) => {
        const range = IDBKeyRange.bound(prefix, [...prefix, []]);
        const [keys, values] = await Promise.all([
          promisifyRequest(store.getAllKeys(range)),
          promisifyRequest(store.getAll(range)),
        ]);
        return keys.map((key, i): [StoreKey, unknown] => [key as StoreKey, values[i]]);
      }),
    update: (keys, decide) => useStore('readwrite', (store) => updateIn(store, keys, decide)),
  };
}

/**
 * Callbacks, not awaits, between the reads and the writes: the transaction
 * must still be active when the writes are issued.
 */
function updateIn<R>(store: IDBObjectStore, keys: StoreKey[], decide: (values: unknown[]) => Decision<R>): Promise<R> {
  return new Promise<R>((resolve, reject) => {
    const values: unknown[] = new Array(keys.length);
    let left = keys.length;
    const finish = () => {
      try {
        const { writes, result } = decide(values);
        for (const [key, value] of writes) {
          if (value === undefined) store.delete(key);
          else store.put(value, key);
        }
        promisifyRequest(store.transaction).then(() => resolve(result), reject);
      } catch (error) {
        store.transaction.abort();
        reject(error);
      }
    };
    if (left === 0) return finish();
    keys.forEach((key, i) => {
      const request = store.get(key);
      request.onsuccess = () => {
        values[i] = request.result;
        if (--left === 0) finish();
      };
      request.onerror = () => reject(request.error);
    });
  });
}
