import type { MediaStore } from './MediaStore.ts';

export interface MediaCacheOptions {
  /** Bytes the cache may hold in all. @default 64 MiB */
  maxBytes?: number;
  /** Larger files are always read from the store (a video is read by ranges anyway). @default 4 MiB */
  maxFileBytes?: number;
}

/**
 * Keeps the bytes of recently served small files in memory, least recently used dropped first: an
 * alert's picture and sound are fetched by every browser source and every reload, and reading a
 * megabyte from SQLite blocks the event loop for about a millisecond each time. A file never changes
 * under its id, so a cached copy is never stale; the routes still ask the store for the record first,
 * so a file deleted on any instance answers 404. A file removed here leaves the cache at once.
 */
export function withMediaCache(store: MediaStore, { maxBytes = 64 * 1024 * 1024, maxFileBytes = 4 * 1024 * 1024 }: MediaCacheOptions = {}): MediaStore {
  const cache = new Map<string, Uint8Array>();
  let held = 0;
  const forget = (id: string) => {
    const bytes = cache.get(id);
    if (!bytes) return;
    cache.delete(id);
    held -= bytes.byteLength;
  };
  const keep = (id: string, bytes: Uint8Array) => {
    cache.set(id, bytes);
    held += bytes.byteLength;
    for (const [oldest] of cache) {
      if (held <= maxBytes) break;
      forget(oldest);
    }
  };
  return {
    ...store,
    place: store.place,
    async read(id, start, end) {
      const cached = cache.get(id);
      if (cached) {
        // Most recently used goes last.
        cache.delete(id);
        cache.set(id, cached);
        return cached.subarray(start, end + 1);
      }
      const record = await store.find(id);
      if (!record || record.bytes > maxFileBytes) return store.read(id, start, end);
      const whole = await store.read(id, 0, record.bytes - 1);
      if (!(whole instanceof Uint8Array)) {
        // A store that streams (a bucket) is not worth a copy here: read the range itself.
        await whole?.cancel();
        return store.read(id, start, end);
      }
      keep(id, whole);
      return whole.subarray(start, end + 1);
    },
    async remove(userId, id) {
      forget(id);
      const removed = await store.remove(userId, id);
      forget(id);
      return removed;
    },
  };
}
