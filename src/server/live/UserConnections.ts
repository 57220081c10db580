import type { Kind } from '../../api/index.ts';

/**
 * Live connections per user and overlay kind on this instance, held to a
 * maximum (4429 past it). Per kind: a leaked id of one overlay must not use up
 * the places of the user's other overlays.
 */
export class UserConnections {
  private readonly counts = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Counts one more connection of `userId`'s `kind` overlay; false (and nothing counted) when it is at the maximum. */
  add(userId: string, kind: Kind): boolean {
    const key = keyOf(userId, kind);
    const count = this.counts.get(key) ?? 0;
    if (count >= this.max) return false;
    this.counts.set(key, count + 1);
    return true;
  }

  remove(userId: string, kind: Kind): void {
    const key = keyOf(userId, kind);
    const count = (this.counts.get(key) ?? 1) - 1;
    if (count > 0) this.counts.set(key, count);
    else this.counts.delete(key);
  }
}

function keyOf(userId: string, kind: Kind): string {
  return `${kind}\n${userId}`;
}
