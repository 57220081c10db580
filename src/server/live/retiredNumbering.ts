/** Where a space's positions go on: the epoch of its cursors and its last position. */
export interface Numbering {
  epoch: string;
  seq: number;
}

/**
 * The numbering of the local feed's spaces that were let go (no kept writes,
 * no listeners), so that a space written again goes on where it stopped and
 * the cursors its clients hold keep meaning what they meant.
 *
 * At most `max` are remembered, the longest-retired forgotten first: without
 * a bound the memory grows with every space ever written. A forgotten space
 * must not count from 0 again under the same epoch, since a cursor from before
 * would then name a later write and skip the writes before it. So once any
 * space was forgotten, spaces the map does not know start under a new epoch
 * (`<epoch>.<forgotten so far>`): every older cursor of theirs is answered
 * with `reset`, never with a wrong replay. Spaces it remembers keep theirs.
 */
export function createRetiredNumbering(epoch: string, max: number) {
  // A Map keeps insertion order: the first entry is the longest-retired.
  const retired = new Map<string, Numbering>();
  let forgotten = 0;
  return {
    /** The numbering of a space that is used again; a space never seen (or forgotten) starts at 0. */
    resume(key: string): Numbering {
      const found = retired.get(key);
      if (found) {
        retired.delete(key);
        return found;
      }
      return { epoch: forgotten === 0 ? epoch : `${epoch}.${forgotten}`, seq: 0 };
    },
    /** Remembers where a space stopped, forgetting the longest-retired past `max`. */
    retire(key: string, numbering: Numbering): void {
      retired.delete(key);
      retired.set(key, numbering);
      while (retired.size > max) {
        retired.delete(retired.keys().next().value!);
        forgotten++;
      }
    },
    /** Spaces remembered now. */
    get size(): number {
      return retired.size;
    },
  };
}
