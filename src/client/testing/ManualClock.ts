import type { Clock } from '../../api/index.ts';

interface Timer {
  at: number;
  fn: () => void;
}

/** A clock for tests: time moves only when `advance` is called. */
export class ManualClock implements Clock {
  private time: number;
  private nextId = 1;
  private readonly timers = new Map<number, Timer>();

  constructor(start = 1_000_000) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + Math.max(0, ms), fn });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** Number of timers still due. */
  pending(): number {
    return this.timers.size;
  }

  /** Delays of the timers still due, from now, soonest first. */
  delays(): number[] {
    return [...this.timers.values()].map((timer) => timer.at - this.time).sort((a, b) => a - b);
  }

  /** Moves time forward by `ms`, running each due timer in order. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (let next = this.due(end); next; next = this.due(end)) {
      this.timers.delete(next[0]);
      this.time = next[1].at;
      next[1].fn();
    }
    this.time = end;
  }

  private due(end: number): [number, Timer] | undefined {
    let first: [number, Timer] | undefined;
    for (const entry of this.timers) {
      if (entry[1].at <= end && (!first || entry[1].at < first[1].at)) first = entry;
    }
    return first;
  }
}
