import type { Json, ResolvedKey } from '../../api/index.ts';
import type { QueueEntry } from './QueueEntry.ts';

/**
 * The writes a tab saw (its own and other tabs'), so a read of a key still
 * pending skips IndexedDB. A sequence number names one write, so an entry
 * whose number matches the queue's pending one holds the right value.
 */
export interface ReadYourWrites {
  /** Remembers a write (made here, or told by another tab). */
  remember(entry: QueueEntry): void;
  /** Forgets the write with this number once it left the queue (a newer one stays). */
  forget(entry: { moduleId: string; name: string; seq: number }): void;
  /** Forgets whatever is known of a key (discarded). */
  drop(target: { moduleId: string; name: string }): void;
  /** The pending value of a key, if the write remembered is the one the queue still holds (`pendingSeq`). */
  pendingValue(target: ResolvedKey, pendingSeq: number | undefined): { value: Json } | undefined;
}

export function createReadYourWrites(): ReadYourWrites {
  const seen = new Map<string, QueueEntry>();
  const idOf = (entry: { moduleId: string; name: string }) => `${entry.moduleId}\u0000${entry.name}`;
  return {
    remember: (entry) => void seen.set(idOf(entry), entry),
    forget(entry) {
      if (seen.get(idOf(entry))?.seq === entry.seq) seen.delete(idOf(entry));
    },
    drop: (target) => void seen.delete(idOf(target)),
    pendingValue(target, pendingSeq) {
      const held = seen.get(idOf(target));
      // A copy: the module's later edits of the object must not change what was queued.
      return held && held.seq === pendingSeq ? { value: structuredClone(held.value) } : undefined;
    },
  };
}
