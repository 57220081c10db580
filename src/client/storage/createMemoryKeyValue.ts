import { type Decision, hasPrefix, type KeyValueStore, type StoreKey } from './KeyValueStore.ts';

/**
 * A KeyValueStore in memory, for when IndexedDB cannot be used. Values are
 * cloned in and out, as IndexedDB does, so callers cannot share state by accident.
 */
export function createMemoryKeyValue(): KeyValueStore {
  const rows = new Map<string, { key: StoreKey; value: unknown }>();
  const id = (key: StoreKey) => JSON.stringify(key);
  const read = (key: StoreKey) => structuredClone(rows.get(id(key))?.value);

  return {
    get: async (key) => read(key),
    async getAll(prefix) {
      return [...rows.values()]
        .filter((row) => hasPrefix(row.key, prefix))
        .sort((a, b) => compareKeys(a.key, b.key))
        .map((row): [StoreKey, unknown] => [[...row.key], structuredClone(row.value)]);
    },
    async update<R>(keys: StoreKey[], decide: (values: unknown[]) => Decision<R>): Promise<R> {
      const { writes, result } = decide(keys.map(read));
      // Clone all first: a value that cannot be cloned fails the whole update, as a transaction would.
      const cloned = writes.map(([key, value]) => [key, structuredClone(value)] as const);
      for (const [key, value] of cloned) {
        if (value === undefined) rows.delete(id(key));
        else rows.set(id(key), { key: [...key], value });
      }
      return result;
    },
  };
}

function compareKeys(a: StoreKey, b: StoreKey): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return a.length - b.length;
}
