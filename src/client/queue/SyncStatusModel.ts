import { computed, type ReadonlySignal, signal } from '@preact/signals-core';
import type { LiveStatus } from '../../api/index.ts';
import type { StorageKind } from '../storage/index.ts';
import type { SyncNews } from './createSyncBroadcast.ts';
import type { QueueEntry } from './QueueEntry.ts';
import type { FailedWrite, SyncState, SyncStatus } from './SyncStatus.ts';

/** What the queue knows of an entry without its value. */
export type EntryMeta = Omit<QueueEntry, 'value'>;

/** The queue's status as read-only signals, for a debug panel or any view. */
export interface SyncStatusSignals {
  readonly state: ReadonlySignal<SyncState>;
  /** True when the last contact with the API succeeded. */
  readonly online: ReadonlySignal<boolean>;
  /** Writes waiting to be sent (parked ones are in `failed`). */
  readonly pending: ReadonlySignal<number>;
  /** Writes waiting to be sent, per addressed module (the dock shows each module's own). */
  readonly pendingByModule: ReadonlySignal<ReadonlyMap<string, number>>;
  /** Enqueue time of the oldest pending write; its age is `now - oldestPendingAt`. */
  readonly oldestPendingAt: ReadonlySignal<number | null>;
  readonly lastSyncAt: ReadonlySignal<number | null>;
  readonly failed: ReadonlySignal<FailedWrite[]>;
  readonly storage: ReadonlySignal<StorageKind>;
  /** True while this tab is the one that sends the queue. */
  readonly flusher: ReadonlySignal<boolean>;
  /** When the next retry is due, while backing off. */
  readonly retryAt: ReadonlySignal<number | null>;
  /** Live changes: heard as they happen, polled (no endpoint), or neither yet. */
  readonly live: ReadonlySignal<LiveStatus>;
  /** All of the above that modules see, as one value. */
  readonly status: ReadonlySignal<SyncStatus>;
}

/** The queue's status model; the queue writes it, views only read it. */
export class SyncStatusModel implements SyncStatusSignals {
  readonly state = signal<SyncState>('online', { name: 'sync.state' });
  readonly online = signal(true, { name: 'sync.online' });
  readonly lastSyncAt = signal<number | null>(null, { name: 'sync.lastSyncAt' });
  readonly flusher = signal(false, { name: 'sync.flusher' });
  readonly retryAt = signal<number | null>(null, { name: 'sync.retryAt' });
  readonly live = signal<LiveStatus>('connecting', { name: 'sync.live' });
  /** Why live changes are polled (no endpoint, too many connections), for debug mode. */
  readonly liveReason = signal<string | undefined>(undefined, { name: 'sync.liveReason' });
  /** This tab's mirror of the queue, kept current by its own writes and the other tabs' messages. */
  readonly entries = signal<ReadonlyMap<string, EntryMeta>>(new Map(), { name: 'sync.entries' });

  readonly pending = computed(() => this.waiting().length, { name: 'sync.pending' });
  readonly pendingByModule = computed(
    () => {
      const counts = new Map<string, number>();
      for (const entry of this.waiting()) counts.set(entry.moduleId, (counts.get(entry.moduleId) ?? 0) + 1);
      return counts;
    },
    { name: 'sync.pendingByModule' },
  );
  readonly oldestPendingAt = computed(
    () => this.waiting().reduce<number | null>((oldest, e) => Math.min(oldest ?? e.enqueuedAt, e.enqueuedAt), null),
    { name: 'sync.oldestPendingAt' },
  );
  readonly failed: ReadonlySignal<FailedWrite[]> = computed(
    () => {
      const next = [...this.entries.value.values()].flatMap(toFailedWrite);
      // Same list, same array: no status event when only pending entries moved.
      const previous = this.lastFailed;
      if (previous.length === next.length && next.every((write, i) => sameFailure(write, previous[i]))) return previous;
      this.lastFailed = next;
      return next;
    },
    { name: 'sync.failed' },
  );
  private lastFailed: FailedWrite[] = [];
  readonly status: ReadonlySignal<SyncStatus>;

  constructor(readonly storage: ReadonlySignal<StorageKind>) {
    this.status = computed(
      () => ({
        state: this.state.value,
        online: this.online.value,
        pending: this.pending.value,
        oldestPendingAt: this.oldestPendingAt.value,
        lastSyncAt: this.lastSyncAt.value,
        failed: this.failed.value,
        storage: this.storage.value,
        live: this.live.value,
        ...(this.live.value === 'polling' && this.liveReason.value !== undefined && { liveReason: this.liveReason.value }),
      }),
      { name: 'sync.status' },
    );
  }

  /** Records an entry unless the mirror already knows a newer write of it. */
  /** Sets this tab's view of the API; returns it (the flusher tells the other tabs). */
  setSync(state: SyncState, online = this.online.peek(), lastSyncAt = this.lastSyncAt.peek()): SyncNews {
    this.state.value = state;
    this.online.value = online;
    this.lastSyncAt.value = lastSyncAt;
    return { state, online, lastSyncAt };
  }

  /** The API answered at `now`; `confirmed` when it confirmed a value (a 401 before stays `auth-required` otherwise). */
  contact(confirmed: boolean, now: number): SyncNews {
    const state = !confirmed && this.state.peek() === 'auth-required' ? 'auth-required' : 'online';
    return this.setSync(state, true, confirmed ? now : this.lastSyncAt.peek());
  }

  upsert(entry: QueueEntry | EntryMeta): void {
    const id = mirrorKey(entry);
    const known = this.entries.peek().get(id);
    if (known && known.seq > entry.seq) return;
    const { value: _value, ...meta } = entry as QueueEntry;
    this.entries.value = new Map(this.entries.peek()).set(id, meta);
  }

  /** Forgets an entry that left the queue at `seq`, unless it was written again since. */
  remove(moduleId: string, name: string, seq: number): void {
    const id = mirrorKey({ moduleId, name });
    const known = this.entries.peek().get(id);
    if (!known || known.seq > seq) return;
    const next = new Map(this.entries.peek());
    next.delete(id);
    this.entries.value = next;
  }

  /** Replaces the mirror with what the store holds. */
  replaceAll(entries: (QueueEntry | EntryMeta)[]): void {
    const next = new Map(entries.map(({ value: _value, ...meta }: Partial<QueueEntry> & EntryMeta) => [mirrorKey(meta), meta]));
    const current = this.entries.peek();
    const same = next.size === current.size && [...next].every(([id, meta]) => sameMeta(meta, current.get(id)));
    if (!same) this.entries.value = next;
  }

  /** Sequence number of the entry's write still waiting to be sent (not parked), if any. */
  pendingSeq(entry: { moduleId: string; name: string }): number | undefined {
    const meta = this.entries.peek().get(mirrorKey(entry));
    return meta && !meta.failed ? meta.seq : undefined;
  }

  /** The newest sequence number known for an entry. */
  latestSeq(entry: { moduleId: string; name: string }): number | undefined {
    return this.entries.peek().get(mirrorKey(entry))?.seq;
  }

  private waiting(): EntryMeta[] {
    return [...this.entries.value.values()].filter((entry) => !entry.failed);
  }
}

function mirrorKey(entry: { moduleId: string; name: string }): string {
  return JSON.stringify([entry.moduleId, entry.name]);
}

function sameMeta(a: EntryMeta, b: EntryMeta | undefined): boolean {
  return b !== undefined && a.seq === b.seq && a.order === b.order && a.failed?.at === b.failed?.at;
}

function sameFailure(a: FailedWrite, b: FailedWrite): boolean {
  return a.moduleId === b.moduleId && a.name === b.name && a.from === b.from && a.code === b.code && a.message === b.message;
}

function toFailedWrite(entry: EntryMeta): FailedWrite[] {
  if (!entry.failed) return [];
  const { moduleId, name, id, failed } = entry;
  return [{ moduleId, name, from: id, code: failed.code, message: failed.message }];
}
