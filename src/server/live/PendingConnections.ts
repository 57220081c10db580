/**
 * Connections that have not sent their auth message yet, in all and per client
 * address: each costs a socket and its buffers without proving anything, so
 * both counts are capped. Past the cap of all, a new connection is refused
 * (before the WebSocket handshake). Past the cap of its address, the oldest
 * waiting connection of that address makes room for it: a client that sends
 * its auth message at once always gets its turn, however many idle sockets
 * share its address (every page and module frame on a streamer's machine is
 * `127.0.0.1`).
 */
export class PendingConnections<Connection> {
  private total = 0;
  /** A Set keeps insertion order: the first of each is the oldest. */
  private readonly perAddress = new Map<string, Set<Connection>>();

  constructor(
    private readonly max: number,
    private readonly maxPerAddress: number,
  ) {}

  /** False when `address` may not open one more: the cap of all is reached and the address holds no full share to make room in. */
  admits(address: string): boolean {
    return this.total < this.max || (this.perAddress.get(address)?.size ?? 0) >= this.maxPerAddress;
  }

  /** Counts `connection` of `address`; when the address is at its cap, takes its oldest out and returns it, for the caller to cut. */
  add(address: string, connection: Connection): Connection | undefined {
    const waiting = this.perAddress.get(address);
    const oldest = waiting && waiting.size >= this.maxPerAddress ? waiting.values().next().value : undefined;
    if (oldest !== undefined) this.remove(address, oldest);
    const set = this.perAddress.get(address) ?? new Set<Connection>();
    set.add(connection);
    this.perAddress.set(address, set);
    this.total++;
    return oldest;
  }

  /** No longer counts `connection` (authenticating, or gone); nothing when it was not counted. */
  remove(address: string, connection: Connection): void {
    const set = this.perAddress.get(address);
    if (!set?.delete(connection)) return;
    this.total--;
    if (set.size === 0) this.perAddress.delete(address);
  }

  /** Connections counted, from all addresses. */
  get size(): number {
    return this.total;
  }
}
