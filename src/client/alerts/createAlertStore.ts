import * as z from 'zod/mini';
import { type StreamEvent, StreamEventSchema } from '../../api/index.ts';
import type { KeyValueStore, StoreKey } from '../storage/index.ts';

/** One alert in the queue, numbered in the order it was offered. */
export interface AlertEntry {
  seq: number;
  event: StreamEvent;
}

/** The queue's own numbers and the streamer's last known state. */
export interface AlertMeta {
  /** The number the next alert gets. */
  next: number;
  /** The alert showing, or null. */
  showing: number | null;
  paused: boolean;
  muted: boolean;
  /** When a page heard that state (its clock), so an older one heard later does not win. */
  stateAt: number;
}

/** What a starting leader finds: entries in order (the showing one among them), and the ids already queued. */
export interface StoredAlerts {
  meta: AlertMeta;
  entries: AlertEntry[];
  seen: string[];
}

const EntrySchema = z.object({ seq: z.number(), event: StreamEventSchema });
const MetaSchema = z.object({ next: z.number(), showing: z.nullable(z.number()), paused: z.boolean(), muted: z.boolean(), stateAt: z.number() });
const SeenSchema = z.array(z.string());

export const EMPTY_META: AlertMeta = { next: 1, showing: null, paused: false, muted: false, stateAt: 0 };

/**
 * The queue in the page's local store (IndexedDB), one row per alert so a change
 * writes what changed, not the 500. Written behind the leader: changes gather while
 * a write is in flight and leave together in the next transaction, so a fast drain
 * costs a few transactions, not one per alert. A crash loses at most the last
 * write's changes: an alert shown again, never one lost that a page had stored.
 */
export interface AlertStore {
  load(): Promise<StoredAlerts>;
  put(entry: AlertEntry): void;
  remove(seq: number): void;
  setMeta(meta: AlertMeta): void;
  setSeen(seen: string[]): void;
  /** Writes every change made so far; resolves once written (or failed: the queue goes on from memory). */
  save(): Promise<void>;
}

export function createAlertStore(store: KeyValueStore, userId: string): AlertStore {
  const prefix = ['alerts', userId];
  const entryKey = (seq: number): StoreKey => [...prefix, 'q', String(seq).padStart(16, '0')];
  let changes = new Map<string, [StoreKey, unknown]>();
  const change = (key: StoreKey, value: unknown) => changes.set(key.join('\n'), [key, value]);
  let writing: Promise<void> = Promise.resolve();
  let next: Promise<void> | null = null;

  return {
    async load() {
      const rows = await store.getAll(prefix).catch((): [StoreKey, unknown][] => []);
      return parseRows(rows);
    },
    put: (entry) => change(entryKey(entry.seq), entry),
    remove: (seq) => change(entryKey(seq), undefined),
    setMeta: (meta) => change([...prefix, 'meta'], meta),
    setSeen: (seen) => change([...prefix, 'seen'], seen),
    save() {
      next ??= writing.then(() => {
        next = null;
        const writes = [...changes.values()];
        changes = new Map();
        if (writes.length === 0) return;
        return store.update([], () => ({ writes, result: undefined })).catch(() => undefined);
      });
      writing = next;
      return next;
    },
  };
}

function parseRows(rows: [StoreKey, unknown][]): StoredAlerts {
  const stored: StoredAlerts = { meta: EMPTY_META, entries: [], seen: [] };
  for (const [key, value] of rows) {
    if (key[2] === 'meta') stored.meta = parseOr(MetaSchema, value, EMPTY_META);
    else if (key[2] === 'seen') stored.seen = parseOr(SeenSchema, value, []);
    else if (key[2] === 'q') {
      // A row that is not an alert (a damaged or foreign value) is skipped: the others still play.
      const entry = EntrySchema.safeParse(value);
      if (entry.success) stored.entries.push(entry.data);
    }
  }
  stored.entries.sort((a, b) => a.seq - b.seq);
  const last = stored.entries.at(-1)?.seq ?? 0;
  if (stored.meta.next <= last) stored.meta = { ...stored.meta, next: last + 1 };
  return stored;
}

function parseOr<T>(schema: { safeParse(value: unknown): { success: boolean; data?: T } }, value: unknown, fallback: T): T {
  const parsed = schema.safeParse(value);
  return parsed.success ? (parsed.data as T) : fallback;
}
