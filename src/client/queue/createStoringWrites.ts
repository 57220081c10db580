/**
 * The keys of writes handed to the queue and not yet stored. A module's write is
 * its newest value from the moment it is made, not from the moment IndexedDB
 * commits it: a live change heard in between was ordered by the server before
 * the write, so it must wait as it would for a write already queued.
 */
export interface StoringWrites {
  /** A write of the key is being stored; the returned function says it is done (stored or failed). */
  begin(target: { moduleId: string; name: string }): () => void;
  has(target: { moduleId: string; name: string }): boolean;
}

export function createStoringWrites(): StoringWrites {
  const counts = new Map<string, number>();
  const idOf = (target: { moduleId: string; name: string }) => `${target.moduleId}\u0000${target.name}`;
  return {
    begin(target) {
      const id = idOf(target);
      counts.set(id, (counts.get(id) ?? 0) + 1);
      let done = false;
      return () => {
        if (done) return;
        done = true;
        const left = (counts.get(id) ?? 1) - 1;
        if (left > 0) counts.set(id, left);
        else counts.delete(id);
      };
    },
    has: (target) => counts.has(idOf(target)),
  };
}
