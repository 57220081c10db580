import type { Clock } from '../Clock.ts';

interface Timer {
  at: number;
  fn: () => void;
}

/** A clock for tests: time moves only when `advance` is called. */
export class ManualClock implements Clock {
  private time = 0;
  private nextId = 1;
  private readonly timers = new Map<number, Timer>();

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
