import type { MediaRecord, MediaStore } from './MediaStore.ts';

/** The library in this process's memory: gone at restart, like the memory data store. */
export function createMemoryMediaStore(): MediaStore {
  const files = new Map<string, { record: MediaRecord; bytes: Uint8Array }>();
  const own = (userId: string) => [...files.values()].filter((file) => file.record.userId === userId).map((file) => file.record);
  const used = (userId: string) => own(userId).reduce((sum, record) => sum + record.bytes, 0);
  return {
    place: 'memory',
    async add(record, bytes, quota) {
      // One synchronous step: no other upload runs between the check and the insert.
      const left = quota - used(record.userId);
      if (record.bytes > left) return { added: false, left };
      files.set(record.id, { record, bytes: bytes.slice() });
      return { added: true };
    },
    async find(id) {
      return files.get(id)?.record;
    },
    async list(userId) {
      return own(userId).sort(newestFirst);
    },
    async used(userId) {
      return used(userId);
    },
    async read(id, start, end) {
      return files.get(id)?.bytes.subarray(start, end + 1);
    },
    async remove(userId, id) {
      const file = files.get(id);
      if (file?.record.userId !== userId) return undefined;
      files.delete(id);
      return file.record;
    },
    async close() {},
  };
}

/** Newest first; records added in the same millisecond by id, so the order is stable. */
export function newestFirst(a: MediaRecord, b: MediaRecord): number {
  return b.createdAt - a.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
