import type { StreamEvent } from '../../api/index.ts';
import type { ManualClock } from './ManualClock.ts';

/** The server's stored events for client tests: cursor = position; `list` answers as GET /me/events. */
export class FakeEventLog {
  readonly records: StreamEvent[] = [];
  constructor(private readonly clock: ManualClock) {}

  /** Stores event `n` now; returns the live message announcing it. */
  add(n: number): { type: 'event'; cursor: string; event: StreamEvent } {
    const event: StreamEvent = { id: `e${n}`, at: this.clock.now(), source: 'api', test: false, subscription: { type: 'channel.follow', version: '2' }, event: { n } };
    this.records.push(event);
    return this.message(this.records.length - 1);
  }

  /** The live message of the stored event at `index`. */
  message(index: number): { type: 'event'; cursor: string; event: StreamEvent } {
    return { type: 'event', cursor: String(index + 1), event: this.records[index]! };
  }

  readonly list = async ({ after, limit = 100 }: { after?: string; limit?: number }) => {
    const from = after === undefined ? Math.max(0, this.records.length - limit) : Number(after);
    const events = this.records.slice(from, from + limit);
    return { events, cursor: String(from + events.length), gap: false };
  };
}
