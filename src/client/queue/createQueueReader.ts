import type { KeyValueStore } from '../storage/index.ts';
import type { QueueReader, Space } from './createQueueStore.ts';
import { parseConfirmed, parseEntry, type QueueEntry } from './QueueEntry.ts';
import { queueKeys } from './queueKeys.ts';

/**
 * The reading side of a space's queue store (see createQueueStore): what a page
 * runs before its first write, so the rest can load with that write.
 */
export function createQueueReader(store: KeyValueStore, space: Space): QueueReader {
  const { queued, entries, confirmedKey } = queueKeys(space);
  return {
    async list(): Promise<QueueEntry[]> {
      const rows = await store.getAll(entries);
      const listed = rows.map(([, stored]) => parseEntry(stored)).filter((entry) => entry !== undefined);
      return listed.sort((a, b) => a.order - b.order);
    },
    pending: async (moduleId, name) => parseEntry(await store.get(queued(moduleId, name))),
    confirmed: async (moduleId, name) => parseConfirmed(await store.get(confirmedKey(moduleId, name))),
    saveRead(moduleId, name, value, startedAt) {
      const key = confirmedKey(moduleId, name);
      return store.update([key], ([stored]) => {
        const newer = (parseConfirmed(stored)?.at ?? -Infinity) > startedAt;
        return { writes: newer ? [] : [[key, { found: value !== undefined, value, at: startedAt }]], result: undefined };
      });
    },
  };
}
