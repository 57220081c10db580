/**
 * Connections that have not authenticated yet, in all and per client address:
 * each costs a socket and its buffers without proving anything, so both counts
 * are capped (a client past them is refused before the WebSocket handshake).
 */
export class PendingConnections {
  private total = 0;
  private readonly perAddress = new Map<string, number>();

  constructor(
    private readonly max: number,
    private readonly maxPerAddress: number,
  ) {}

  /** Why `address` may not open one more: `'all'` past the global cap, `'address'` past its own; undefined when it may. */
  refusal(address: string): 'all' | 'address' | undefined {
    if (this.total >= this.max) return 'all';
    if ((this.perAddress.get(address) ?? 0) >= this.maxPerAddress) return 'address';
    return undefined;
  }

  add(address: string): void {
    this.total++;
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
  }

  remove(address: string): void {
    this.total--;
    const count = (this.perAddress.get(address) ?? 1) - 1;
    if (count > 0) this.perAddress.set(address, count);
    else this.perAddress.delete(address);
  }
}
