import { computed, signal } from '@preact/signals';
import type { TrafficRecord } from '../host/index.ts';

/** One logged bridge request, with when it was answered and a stable key for lists. */
export interface LoggedTraffic extends TrafficRecord {
  seq: number;
  at: number;
}

/** How many records the log keeps (newest first). @default 200 */
export const TRAFFIC_LOG_CAP = 200;

/** The bridge traffic of the stage's modules, capped, filterable by module. */
export class TrafficLogModel {
  readonly records = signal<readonly LoggedTraffic[]>([], { name: 'traffic.records' });
  /** A module id to show alone, or '' for all. */
  readonly moduleFilter = signal('', { name: 'traffic.moduleFilter' });
  readonly shown = computed(
    () => {
      const filter = this.moduleFilter.value;
      return filter ? this.records.value.filter((r) => r.moduleId === filter) : this.records.value;
    },
    { name: 'traffic.shown' },
  );
  private seq = 0;

  constructor(
    private readonly cap = TRAFFIC_LOG_CAP,
    private readonly now: () => number = Date.now,
  ) {}

  /** Logs one answered request (the host's `onTraffic`). */
  readonly record = (record: TrafficRecord): void => {
    const logged = { ...record, seq: ++this.seq, at: this.now() };
    this.records.value = [logged, ...this.records.peek().slice(0, this.cap - 1)];
  };

  /** Shows one module's requests only; '' shows all. */
  filterBy(moduleId: string): void {
    this.moduleFilter.value = moduleId;
  }

  clear(): void {
    this.records.value = [];
  }
}
