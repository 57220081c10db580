import type { Clock } from '../api/index.ts';

/**
 * Counts a frame's messages and their bytes per one-second window, so a
 * flooding module can be stopped: a few huge messages cost the page as much
 * as many small ones (each is cloned, then parsed).
 */
export class FloodGuard {
  private windowStart = Number.NEGATIVE_INFINITY;
  private count = 0;
  private bytes = 0;
  /** What ran over in the last refused message. */
  exceeded: 'messages' | 'bytes' | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly perSecond: number,
    private readonly bytesPerSecond = Number.POSITIVE_INFINITY,
  ) {}

  /** True while this window's budget is spent (counts nothing). */
  spent(): boolean {
    return this.exceeded !== undefined && this.clock.now() - this.windowStart < 1000;
  }

  /** Counts one message of about `bytes` bytes; false once this window's budget is spent. */
  allow(bytes = 0): boolean {
    const now = this.clock.now();
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.count = 0;
      this.bytes = 0;
    }
    this.count += 1;
    this.bytes += bytes;
    this.exceeded = this.count > this.perSecond ? 'messages' : this.bytes > this.bytesPerSecond ? 'bytes' : undefined;
    return this.exceeded === undefined;
  }
}
