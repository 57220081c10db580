/** Live connections per user on this instance, held to a maximum (4429 past it). */
export class UserConnections {
  private readonly counts = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Counts one more connection for `userId`; false (and nothing counted) when the user is at the maximum. */
  add(userId: string): boolean {
    const count = this.counts.get(userId) ?? 0;
    if (count >= this.max) return false;
    this.counts.set(userId, count + 1);
    return true;
  }

  remove(userId: string): void {
    const count = (this.counts.get(userId) ?? 1) - 1;
    if (count > 0) this.counts.set(userId, count);
    else this.counts.delete(userId);
  }
}
