import { computed, type ReadonlySignal, signal } from '@preact/signals';
import { describeError, type Json } from '../api/index.ts';
import type { DataChange, SyncStatus } from '../client/index.ts';
import type { DevEntry } from './createDevApi.ts';

/** The module id the studio writes as: modules hear its edits as a `change` from "studio". */
export const STUDIO_WRITER = 'studio';

export type RowState = 'saved' | 'pending' | 'failed';

/** One key of one module, as the inspector shows it. */
export interface DatabaseRow {
  moduleId: string;
  name: string;
  /** The newest value known: the page's own unsent write, else the server's. */
  value: Json | undefined;
  state: RowState;
  /** `CODE: message` of a write the server refused. */
  failure?: string;
}

/** Where the inspector reads and writes: the server's list, and the page's data layer (so writes go through the queue). */
export interface DatabaseSource {
  load(): Promise<DevEntry[]>;
  write(moduleId: string, name: string, value: Json): Promise<void>;
}

interface LocalWrite extends DevEntry {
  seq: number;
}

/**
 * The database inspector's model: the server's entries, plus the writes this
 * page made since its queue was last empty (shown as pending), plus the
 * writes the queue parked as failed.
 */
export class DatabaseModel {
  readonly serverEntries = signal<readonly DevEntry[]>([], { name: 'db.serverEntries' });
  readonly localWrites = signal<ReadonlyMap<string, LocalWrite>>(new Map(), { name: 'db.localWrites' });
  readonly loadError = signal<string | null>(null, { name: 'db.loadError' });
  readonly editError = signal<{ key: string; message: string } | null>(null, { name: 'db.editError' });
  readonly rows = computed(() => this.merge(), { name: 'db.rows' });
  source: DatabaseSource | null = null;
  private seq = 0;

  constructor(private readonly sync: ReadonlySignal<SyncStatus | null>) {}

  /** Re-reads the server's entries; then forgets local writes up to `settledSeq` (the queue was empty). */
  async refresh(settledSeq?: number): Promise<void> {
    if (!this.source) return;
    try {
      this.serverEntries.value = await this.source.load();
      this.loadError.value = null;
      if (settledSeq !== undefined) this.forget(settledSeq);
    } catch (error) {
      this.loadError.value = describeError(error);
    }
  }

  /** The queue is empty: every write so far reached the server. */
  settle(): Promise<void> {
    return this.refresh(this.seq);
  }

  /** A write seen by the page's data layer (from a module, the studio or another tab). */
  noteWrite({ moduleId, name, value }: DataChange): void {
    const next = new Map(this.localWrites.peek());
    next.set(rowKey(moduleId, name), { moduleId, name, value, seq: ++this.seq });
    this.localWrites.value = next;
  }

  /** Parses `text` as JSON and writes it through the page's queue; a problem lands in `editError`. */
  async edit(moduleId: string, name: string, text: string): Promise<boolean> {
    const key = rowKey(moduleId, name);
    let value: Json;
    try {
      value = JSON.parse(text) as Json;
    } catch {
      this.editError.value = { key, message: 'not JSON: quote text, e.g. "hello"' };
      return false;
    }
    try {
      await this.source?.write(moduleId, name, value);
      this.editError.value = null;
      return true;
    } catch (error) {
      this.editError.value = { key, message: describeError(error) };
      return false;
    }
  }

  private forget(upToSeq: number): void {
    const kept = [...this.localWrites.peek()].filter(([, write]) => write.seq > upToSeq);
    if (kept.length !== this.localWrites.peek().size) this.localWrites.value = new Map(kept);
  }

  private merge(): DatabaseRow[] {
    const rows = new Map<string, DatabaseRow>();
    for (const { moduleId, name, value } of this.serverEntries.value) rows.set(rowKey(moduleId, name), { moduleId, name, value, state: 'saved' });
    for (const [key, { moduleId, name, value }] of this.localWrites.value) rows.set(key, { moduleId, name, value, state: 'pending' });
    for (const failed of this.sync.value?.failed ?? []) {
      const key = rowKey(failed.moduleId, failed.name);
      const known = rows.get(key);
      rows.set(key, { moduleId: failed.moduleId, name: failed.name, value: known?.value, state: 'failed', failure: `${failed.code}: ${failed.message}` });
    }
    return [...rows.values()].sort((a, b) => compare(a.moduleId, b.moduleId) || compare(a.name, b.name));
  }
}

/** A row's identity, also its test id suffix: `moduleId:name`. */
export function rowKey(moduleId: string, name: string): string {
  return `${moduleId}:${name}`;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
