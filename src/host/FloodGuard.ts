import type { Clock } from '../api/index.ts';

/** Counts a frame's messages per one-second window, so a flooding module can be stopped. */
export class FloodGuard {
  private windowStart = Number.NEGATIVE_INFINITY;
  private count = 0;

  constructor(
    private readonly clock: Clock,
    private readonly perSecond: number,
  ) {}

  /** Counts one message; false once this window's budget is spent. */
  allow(): boolean {
    const now = this.clock.now();
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.count = 0;
    }
    this.count += 1;
    return this.count <= this.perSecond;
  }
}
