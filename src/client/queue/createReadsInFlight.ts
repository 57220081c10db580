import type { Json } from '../../api/index.ts';

/**
 * The reads of this tab still waiting for their value, and the changes told to
 * its modules meanwhile. A read's answer left the server before the change was
 * told here, or it would not still be on its way; a module that heard the
 * change and then got the read's answer would go back to the older value and
 * keep it (a module sets what it reads at its start, then follows changes).
 * So a read during which its key changed answers the last value told.
 */
export interface ReadsInFlight {
  /** Runs `read` of `target`; its answer, or the last value told of the key while it ran. */
  around(target: { moduleId: string; name: string }, read: () => Promise<Json | undefined>): Promise<Json | undefined>;
  /** A change of the key was told to this tab's modules (a local write, another tab's, a live change, a re-read). */
  told(change: { moduleId: string; name: string; value: Json }): void;
}

interface Read {
  newer?: { value: Json };
}

export function createReadsInFlight(): ReadsInFlight {
  const reads = new Map<string, Set<Read>>();
  const idOf = (target: { moduleId: string; name: string }) => `${target.moduleId}\u0000${target.name}`;
  return {
    async around(target, read) {
      const id = idOf(target);
      const mine: Read = {};
      const ofKey = reads.get(id) ?? new Set<Read>();
      reads.set(id, ofKey);
      ofKey.add(mine);
      try {
        const value = await read();
        // A copy: the module's later edits of the object must not change what the others were told.
        return mine.newer ? structuredClone(mine.newer.value) : value;
      } finally {
        ofKey.delete(mine);
        if (ofKey.size === 0 && reads.get(id) === ofKey) reads.delete(id);
      }
    },
    told(change) {
      for (const read of reads.get(idOf(change)) ?? []) read.newer = { value: change.value };
    },
  };
}
