import type { ChangeEvent } from './overlay.d.ts';

/** A held change: when it came (`c`, the host's last call) and how many changes of its key were told before it. */
interface Held {
  change: ChangeEvent;
  c: number;
  toldBefore: number;
}

interface Write {
  name: string;
  id: number;
  held?: Held;
}

/**
 * The module's writes of its own keys that the page may not have received yet.
 * A `change` the host sent before it received such a write (its `c` is below the
 * write's call id) was ordered by the server before the write, which replaces
 * it: told after the module's own write, it would leave the module showing an
 * older value than the one it wrote and the server keeps. It is held instead,
 * and told only if the write fails and no other write of the key made after the
 * change went through (nothing replaced it then).
 */
export interface OwnWrites {
  /** Own key `name` is written by call `id`, which settles with `result`. */
  track(name: string, id: number, result: Promise<unknown>): void;
  /** True to tell `change` now; false when a write of its key made before the host sent it holds it. */
  screen(change: ChangeEvent, c: number | undefined): boolean;
}

export function createOwnWrites(tell: (change: ChangeEvent) => void): OwnWrites {
  let writes: Write[] = [];
  /** Changes told per key, to know whether a held one is still the newest. */
  const told = new Map<string, number>();
  /** The highest call id per key whose write went through: a change sent before it is older than what the server holds. */
  const written = new Map<string, number>();
  const countTold = (name: string) => told.get(name) ?? 0;

  /** The newest write of `name` the host had not received when it sent call number `c`. */
  function unseenWrite(name: string, c: number): Write | undefined {
    for (let at = writes.length - 1; at >= 0; at--) if (writes[at].name === name && writes[at].id > c) return writes[at];
    return undefined;
  }

  function settle(write: Write, failed: boolean): void {
    writes = writes.filter((other) => other !== write);
    if (!failed) written.set(write.name, Math.max(write.id, written.get(write.name) ?? 0));
    const held = write.held;
    if (!failed || !held) return;
    const later = unseenWrite(write.name, held.c);
    if (later) later.held ??= held;
    else if (countTold(write.name) === held.toldBefore && (written.get(write.name) ?? 0) <= held.c) release(held.change);
  }

  function release(change: ChangeEvent): void {
    told.set(change.key, countTold(change.key) + 1);
    tell(change);
  }

  return {
    track(name, id, result) {
      const write: Write = { name, id };
      writes.push(write);
      result.then(
        () => settle(write, false),
        () => settle(write, true),
      );
    },
    screen(change, c) {
      const write = c === undefined ? undefined : unseenWrite(change.key, c);
      if (!write) {
        told.set(change.key, countTold(change.key) + 1);
        return true;
      }
      write.held = { change, c: c as number, toldBefore: countTold(change.key) };
      return false;
    },
  };
}
