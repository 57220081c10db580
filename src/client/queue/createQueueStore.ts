import type { Json, Kind } from '../../api/index.ts';
import type { KeyValueStore, StoreKey } from '../storage/index.ts';
import { createQueueFront } from './createQueueFront.ts';
import { type Confirmed, type Failure, parseEntry, type QueueEntry } from './QueueEntry.ts';
import { queueKeys } from './queueKeys.ts';

/** The data space of one overlay token: a user's values for one overlay kind. */
export interface Space {
  userId: string;
  kind: Kind;
}

/** A write as the module made it, its key already resolved. */
export interface NewWrite {
  moduleId: string;
  name: string;
  /** The writer's own module id. */
  id: string;
  /** The key as the writer gave it (`name` or `other:name`). */
  key: string;
  value: Json;
}

/** What became of a sent entry once the server answered. */
export type Settled =
  /** Deleted: the server has the entry's latest value. */
  | { outcome: 'confirmed' }
  /** Rewritten while it was in flight: kept, with the newer value, for another send. */
  | { outcome: 'requeued'; entry: QueueEntry }
  /** Refused for good: kept as failed. */
  | { outcome: 'parked'; entry: QueueEntry }
  /** Discarded meanwhile. */
  | { outcome: 'gone' };

/** What a page runs of the queue store from its start: reads, and queuing writes (a write made offline is stored at once). */
export interface QueueFront {
  /** Queues writes in one transaction, coalescing per entry; resolves once committed. */
  enqueue(writes: NewWrite[]): Promise<QueueEntry[]>;
  /** Every queued entry, parked ones included, in flush order. */
  list(): Promise<QueueEntry[]>;
  pending(moduleId: string, name: string): Promise<QueueEntry | undefined>;
  confirmed(moduleId: string, name: string): Promise<Confirmed | undefined>;
  /** Records what a read got from the server, unless a newer confirmation landed meanwhile. */
  saveRead(moduleId: string, name: string, value: Json | undefined, startedAt: number): Promise<void>;
}

/** The pending writes and confirmed values of one space, over the local store. */
export interface QueueStore extends QueueFront {
  /** After a 2xx: records the confirmed value, deletes the entry only if its seq is unchanged. */
  confirm(sent: QueueEntry): Promise<Settled>;
  /** After a refusal for good: marks the entry failed, only if its seq is unchanged. */
  park(sent: QueueEntry, failure: Failure): Promise<Settled>;
  /** Puts every parked entry back in line, behind the others. */
  retryFailed(): Promise<QueueEntry[]>;
  /** Drops one entry on request (a person decided, never a timer). */
  discard(moduleId: string, name: string): Promise<boolean>;
}

/** The whole store: the front, and what settles sent writes, which the page loads with its send side (createSendSide.ts). */
export function createQueueStore(store: KeyValueStore, space: Space, now: () => number, front = createQueueFront(store, space, now)): QueueStore {
  const { queued, confirmedKey, seqKey, keyOf } = queueKeys(space);
  const { list } = front;

  return {
    ...front,
    confirm(sent) {
      const record = { found: true, value: sent.value, at: now() };
      // The confirmed value is replaced whatever it was: only the entry is read.
      return store.update([keyOf(sent)], ([stored]) => {
        const current = parseEntry(stored);
        const settled = settleAfterSend(sent, current);
        const entryWrite: [StoreKey, unknown][] =
          settled.outcome === 'confirmed' ? [[keyOf(sent), undefined]] : settled.outcome === 'requeued' ? [[keyOf(sent), settled.entry]] : [];
        return { writes: [...entryWrite, [confirmedKey(sent.moduleId, sent.name), record]], result: settled };
      });
    },
    park(sent, failure) {
      return store.update<Settled>([keyOf(sent)], ([stored]) => {
        const current = parseEntry(stored);
        if (!current) return { writes: [], result: { outcome: 'gone' } };
        if (current.seq !== sent.seq) return { writes: [], result: { outcome: 'requeued', entry: current } };
        const entry = { ...current, failed: failure };
        return { writes: [[keyOf(sent), entry]], result: { outcome: 'parked', entry } };
      });
    },
    async retryFailed() {
      const keys = (await list()).filter((entry) => entry.failed).map(keyOf);
      return store.update([seqKey, ...keys], ([counter, ...stored]) => {
        let seq = typeof counter === 'number' ? counter : 0;
        const entries = stored.map(parseEntry).filter((entry): entry is QueueEntry => entry?.failed !== undefined);
        const retried = entries.map(({ failed: _failed, ...entry }) => ({ ...entry, order: ++seq }));
        return { writes: [[seqKey, seq], ...retried.map((e): [StoreKey, unknown] => [keyOf(e), e])], result: retried };
      });
    },
    discard(moduleId, name) {
      const key = queued(moduleId, name);
      return store.update([key], ([stored]) => ({ writes: [[key, undefined]], result: stored !== undefined }));
    },
  };
}

/**
 * Compare-and-delete. An entry rewritten while in flight goes behind everything
 * queued before its latest write, exactly as if the sent value had been deleted
 * and the newer one written afresh; a hot key cannot starve the others.
 */
function settleAfterSend(sent: QueueEntry, current: QueueEntry | undefined): Settled {
  if (!current) return { outcome: 'gone' };
  if (current.seq === sent.seq) return { outcome: 'confirmed' };
  return { outcome: 'requeued', entry: { ...current, order: current.seq } };
}
