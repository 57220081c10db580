import { promisifyRequest, type UseStore } from 'idb-keyval';

/**
 * idb-keyval's `createStore`, with two changes: the IndexedDB factory is
 * injected, and write transactions ask for `durability: 'strict'`. Chrome
 * commits with relaxed durability by default, firing `complete` before the data
 * reaches the disk; a queued write must survive a power cut once `set` resolved.
 */
export function createDurableStore(dbName: string, storeName: string, factory: IDBFactory = indexedDB): UseStore {
  let connection: Promise<IDBDatabase> | undefined;
  const open = () => {
    if (connection) return connection;
    const request = factory.open(dbName);
    request.onupgradeneeded = () => request.result.createObjectStore(storeName);
    const opening = promisifyRequest(request);
    connection = opening;
    opening.then(
      (db) => {
        // Safari sometimes closes connections by itself; a newer page may want to upgrade.
        db.onclose = () => (connection = undefined);
        db.onversionchange = () => {
          db.close();
          connection = undefined;
        };
      },
      () => (connection = undefined),
    );
    return opening;
  };
  const storeIn = (db: IDBDatabase, mode: IDBTransactionMode) =>
    db.transaction(storeName, mode, { durability: mode === 'readwrite' ? 'strict' : 'default' }).objectStore(storeName);
  return (mode, callback) =>
    open().then((db) => {
      try {
        return callback(storeIn(db, mode));
      } catch (error) {
        if ((error as DOMException)?.name !== 'InvalidStateError') throw error;
        // The connection was closed under us (Safari does that): open it again, once.
        connection = undefined;
        return open().then((again) => callback(storeIn(again, mode)));
      }
    });
}
