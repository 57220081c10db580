import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';

/**
 * The baseline's idb-keyval stores: idb-keyval's own `createStore` (Chromium's
 * default, relaxed durability) and the same with `durability: 'strict'`, the
 * durability the write queue asks for.
 */
export function rawStores(): { strict: UseStore; relaxed: UseStore } {
  return { strict: strictStore('bench-raw-strict', 'kv'), relaxed: createStore('bench-raw-relaxed', 'kv') };
}

function strictStore(dbName: string, storeName: string): UseStore {
  const request = indexedDB.open(dbName);
  request.onupgradeneeded = () => request.result.createObjectStore(storeName);
  const opened = promisifyRequest(request);
  return (mode, callback) =>
    opened.then((db) => callback(db.transaction(storeName, mode, { durability: mode === 'readwrite' ? 'strict' : 'default' }).objectStore(storeName)));
}
