import type { KeyValueStore, StoreKey } from '../storage/index.ts';
import type { NewWrite, QueueFront, Space } from './createQueueStore.ts';
import { parseConfirmed, parseEntry, type QueueEntry } from './QueueEntry.ts';
import { queueKeys } from './queueKeys.ts';

/**
 * The part of a space's queue store (see createQueueStore) a page runs from its
 * start: reads, and storing writes. Settling sent writes loads with the send side.
 */
export function createQueueFront(store: KeyValueStore, space: Space, now: () => number): QueueFront {
  const { queued, allEntries, confirmedKey, seqKey, keyOf } = queueKeys(space);
  return {
    enqueue(writes) {
      const keys = uniqueKeys(writes.map(keyOf));
      return store.update([seqKey, ...keys], ([counter, ...stored]) => {
        const current = new Map(keys.map((key, i) => [JSON.stringify(key), parseEntry(stored[i])]));
        let seq = typeof counter === 'number' ? counter : 0;
        const entries = writes.map((write) => {
          const id = JSON.stringify(keyOf(write));
          const previous = current.get(id);
          seq = Math.max(seq, previous?.seq ?? 0) + 1;
          const entry = nextEntry(previous, write, seq, now());
          current.set(id, entry);
          return entry;
        });
        const rows = [...current.values()].map((entry): [StoreKey, unknown] => [keyOf(entry!), entry]);
        return { writes: [[seqKey, seq], ...rows], result: entries };
      });
    },
    async list(): Promise<QueueEntry[]> {
      const rows = await store.getAll(allEntries);
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

/** Coalescing: a newer write replaces the pending one but keeps its place in line. */
function nextEntry(previous: QueueEntry | undefined, write: NewWrite, seq: number, now: number): QueueEntry {
  // A parked entry rewritten is a fresh attempt: the refused value never reached the server.
  const keep = previous !== undefined && previous.failed === undefined;
  return { ...write, seq, order: keep ? previous.order : seq, enqueuedAt: keep ? previous.enqueuedAt : now };
}

function uniqueKeys(keys: StoreKey[]): StoreKey[] {
  const seen = new Map(keys.map((key) => [JSON.stringify(key), key]));
  return [...seen.values()];
}
