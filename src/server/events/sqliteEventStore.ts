import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import type { StreamEvent } from '../../api/index.ts';
import { StoreUnavailableError } from '../store/index.ts';
import { formatEventCursor, newEventEpoch, positionIn } from './eventCursor.ts';
import { createEventBuckets } from './eventRate.ts';
import { resolveRetention } from './EventRetention.ts';
import type { Appended, EventLogOptions, EventStore, NewEvent } from './EventStore.ts';
import { newRecord } from './newRecord.ts';

export interface SqliteEventStoreOptions extends EventLogOptions {
  /** Database file, usually the sqlite data store's own; created with its directory when missing. */
  path: string;
}

export interface SqliteEventStore extends EventStore {
  close(): void;
}

/**
 * `pos` is AUTOINCREMENT: positions are never reused, also after deletes, so a
 * cursor keeps its meaning for the file's whole life. `event_meta` keeps, per
 * user, the highest position ever dropped (for `gap`) and the events held (so
 * that the per-user cap needs no count over the user's rows); `event_epoch` names the file.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  pos INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id TEXT NOT NULL,
  id TEXT NOT NULL,
  type TEXT NOT NULL,
  at INTEGER NOT NULL,
  record TEXT NOT NULL,
  UNIQUE (user_id, id)
);
CREATE INDEX IF NOT EXISTS events_by_type ON events (user_id, type, pos);
CREATE INDEX IF NOT EXISTS events_by_user ON events (user_id, pos);
CREATE TABLE IF NOT EXISTS event_meta (user_id TEXT PRIMARY KEY, dropped INTEGER NOT NULL, held INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS event_epoch (epoch TEXT NOT NULL);`;

type Row = { pos: number; record: string };

/** The event log in a SQLite file: kept across restarts, one transaction per append (synchronous, so in accepted order). */
export function createSqliteEventStore(options: SqliteEventStoreOptions): SqliteEventStore {
  const { now = Date.now, randomId, onAppended } = options;
  const retention = resolveRetention(options.retention);
  const db = open(options.path);
  const epoch = epochOf(db);
  const q = statements(db);
  const cursorOf = (pos: number | bigint) => formatEventCursor(epoch, String(pos));
  const take = createEventBuckets(now);
  const end = () => cursorOf(q.lastPos.get()?.seq ?? 0);
  const drop = (userId: string, rows: { pos: number }[]) => {
    if (rows.length === 0) return;
    for (const { pos } of rows) q.remove.run(pos);
    q.markDropped.run(Math.max(...rows.map((row) => row.pos)), rows.length, userId);
  };
  /** The answer, and the new record's JSON for the live channel (none for a repeat). */
  const insert = db.transaction((userId: string, event: NewEvent): { answer: Appended; json?: string } => {
    const known = event.id === undefined ? undefined : q.byId.get(userId, event.id);
    if (known) return { answer: { record: JSON.parse(known.record) as StreamEvent, cursor: cursorOf(known.pos), created: false } };
    const record = newRecord(event, now(), randomId);
    const json = JSON.stringify(record);
    const type = record.subscription.type;
    const pos = q.insert.run(userId, record.id, type, record.at, json).lastInsertRowid;
    const held = q.countOne.get(userId)!.held;
    drop(userId, q.beyondPerType.all(userId, type, retention.perType));
    // The oldest few only: positions follow acceptance, so each append clears what aged since the last one.
    drop(userId, q.tooOld.all(userId, record.at - retention.maxAgeMs));
    if (held > retention.maxPerUser) drop(userId, q.oldest.all(userId, held - retention.maxPerUser));
    return { answer: { record, cursor: cursorOf(pos), created: true }, json };
  });
  return {
    async append(userId, event, rate) {
      if (rate) take(userId, rate);
      const { answer, json } = guard(() => insert(userId, event));
      if (json !== undefined) onAppended?.(userId, answer.cursor, json);
      return answer;
    },
    async list(userId, { after, limit }) {
      return guard(() => {
        const from = positionIn(epoch, after);
        const dropped = q.dropped.get(userId)?.dropped ?? 0;
        const gap = after !== undefined && (from === undefined || BigInt(from) < BigInt(dropped));
        const rows = after === undefined ? q.newest.all(userId, limit).reverse() : q.after.all(userId, from ?? '0', limit);
        const events = rows.map((row) => ({ cursor: cursorOf(row.pos), record: JSON.parse(row.record) as StreamEvent }));
        return { events, cursor: events.at(-1)?.cursor ?? end(), gap };
      });
    },
    async find(userId, id) {
      const row = guard(() => q.byId.get(userId, id));
      return row && (JSON.parse(row.record) as StreamEvent);
    },
    async since(userId, sinceMs) {
      return guard(() => q.since.all(userId, sinceMs).map((row) => JSON.parse(row.record) as StreamEvent));
    },
    close() {
      if (db.open) db.close();
    },
  };
}

function statements(db: Database.Database) {
  return {
    byId: db.prepare<[string, string], Row>('SELECT pos, record FROM events WHERE user_id = ? AND id = ?'),
    insert: db.prepare<[string, string, string, number, string]>('INSERT INTO events (user_id, id, type, at, record) VALUES (?, ?, ?, ?, ?)'),
    beyondPerType: db.prepare<[string, string, number], { pos: number }>(
      'SELECT pos FROM events WHERE user_id = ? AND type = ? ORDER BY pos DESC LIMIT -1 OFFSET ?',
    ),
    tooOld: db.prepare<[string, number], { pos: number }>('SELECT pos FROM (SELECT pos, at FROM events WHERE user_id = ? ORDER BY pos LIMIT 64) WHERE at < ?'),
    oldest: db.prepare<[string, number], { pos: number }>('SELECT pos FROM events WHERE user_id = ? ORDER BY pos LIMIT ?'),
    countOne: db.prepare<[string], { held: number }>(
      'INSERT INTO event_meta (user_id, dropped, held) VALUES (?, 0, 1) ON CONFLICT (user_id) DO UPDATE SET held = held + 1 RETURNING held',
    ),
    remove: db.prepare<[number]>('DELETE FROM events WHERE pos = ?'),
    markDropped: db.prepare<[number, number, string]>('UPDATE event_meta SET dropped = max(dropped, ?), held = held - ? WHERE user_id = ?'),
    dropped: db.prepare<[string], { dropped: number }>('SELECT dropped FROM event_meta WHERE user_id = ?'),
    lastPos: db.prepare<[], { seq: number }>("SELECT seq FROM sqlite_sequence WHERE name = 'events'"),
    newest: db.prepare<[string, number], Row>('SELECT pos, record FROM events WHERE user_id = ? ORDER BY pos DESC LIMIT ?'),
    after: db.prepare<[string, string, number], Row>('SELECT pos, record FROM events WHERE user_id = ? AND pos > CAST(? AS INTEGER) ORDER BY pos LIMIT ?'),
    since: db.prepare<[string, number], Row>('SELECT pos, record FROM events WHERE user_id = ? AND at >= ? ORDER BY pos'),
  };
}

function open(path: string): Database.Database {
  const file = resolve(path);
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);
  return db;
}

/** The file's epoch, created with the table: a new file (or a deleted one) gives old cursors `gap`. */
function epochOf(db: Database.Database): string {
  const found = db.prepare<[], { epoch: string }>('SELECT epoch FROM event_epoch').get();
  if (found) return found.epoch;
  const epoch = newEventEpoch();
  db.prepare('INSERT INTO event_epoch (epoch) VALUES (?)').run(epoch);
  return epoch;
}

/** Disk full, locked or closed: the API's 503, like the sqlite data store. */
function guard<T>(call: () => T): T {
  try {
    return call();
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (/^SQLITE_(FULL|BUSY|LOCKED|IOERR|READONLY)/.test(code) || (error as Error).message === 'The database connection is not open') {
      throw new StoreUnavailableError(`sqlite unavailable: ${(error as Error).message}`);
    }
    throw error;
  }
}
