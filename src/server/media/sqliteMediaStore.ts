import Database from 'better-sqlite3';
import { guardSqlite } from '../store/index.ts';
import type { MediaRecord, MediaStore } from './MediaStore.ts';

const SCHEMA = `CREATE TABLE IF NOT EXISTS media_files (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  json TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS media_files_user ON media_files (user_id, created_at);
CREATE TABLE IF NOT EXISTS media_chunks (
  id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  data BLOB NOT NULL,
  PRIMARY KEY (id, seq)
)`;

/** Bytes per stored chunk: a range is read from the chunks it covers, not from the whole file. */
export const SQLITE_CHUNK_BYTES = 1024 * 1024;

/**
 * The library in its own tables of the store's SQLite file (the data API only reads `entries`).
 * A file and its record are written in one transaction with the quota check, so a failed or
 * refused upload leaves nothing, and two uploads (of any instance on the file) cannot both pass.
 */
export function createSqliteMediaStore(file: string): MediaStore {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  // A 201 means on disk, as the data store's writes do (synchronous=FULL).
  db.pragma('synchronous = FULL');
  // A commit of a large file would otherwise copy it into the database file at once, before its answer:
  // the copy (the checkpoint) runs after the answer instead, see checkpointSoon.
  db.pragma('wal_autocheckpoint = 0');
  db.exec(SCHEMA);
  const checkpointSoon = deferredCheckpoint(db);
  const usedBy = db.prepare<[string], { used: number }>('SELECT COALESCE(SUM(bytes), 0) AS used FROM media_files WHERE user_id = ?');
  const insertFile = db.prepare<[string, string, number, number, string]>('INSERT INTO media_files (id, user_id, bytes, created_at, json) VALUES (?, ?, ?, ?, ?)');
  const insertChunk = db.prepare<[string, number, Uint8Array]>('INSERT INTO media_chunks (id, seq, data) VALUES (?, ?, ?)');
  const select = db.prepare<[string], { json: string }>('SELECT json FROM media_files WHERE id = ?');
  const byUser = db.prepare<[string], { json: string }>('SELECT json FROM media_files WHERE user_id = ? ORDER BY created_at DESC, id');
  const chunks = db.prepare<[string, number, number], { seq: number; data: Buffer }>('SELECT seq, data FROM media_chunks WHERE id = ? AND seq BETWEEN ? AND ? ORDER BY seq');
  const deleteFile = db.prepare<[string, string]>('DELETE FROM media_files WHERE user_id = ? AND id = ? RETURNING json');
  const deleteChunks = db.prepare<[string]>('DELETE FROM media_chunks WHERE id = ?');
  const parse = (row: { json: string } | undefined) => row && (JSON.parse(row.json) as MediaRecord);
  const add = db.transaction((record: MediaRecord, bytes: Uint8Array, quota: number) => {
    const left = quota - usedBy.get(record.userId)!.used;
    if (record.bytes > left) return { added: false as const, left };
    insertFile.run(record.id, record.userId, record.bytes, record.createdAt, JSON.stringify(record));
    for (let seq = 0; seq * SQLITE_CHUNK_BYTES < bytes.byteLength; seq++) insertChunk.run(record.id, seq, bytes.subarray(seq * SQLITE_CHUNK_BYTES, (seq + 1) * SQLITE_CHUNK_BYTES));
    return { added: true as const };
  });
  const remove = db.transaction((userId: string, id: string) => {
    const record = parse(deleteFile.get(userId, id) as { json: string } | undefined);
    if (record) deleteChunks.run(id);
    return record;
  });
  return {
    place: 'sqlite',
    async add(record, bytes, quota) {
      // IMMEDIATE: the write lock is taken before the sum is read, so another process on the file waits.
      const outcome = guardSqlite(() => add.immediate(record, bytes, quota));
      if (outcome.added) checkpointSoon();
      return outcome;
    },
    async find(id) {
      return guardSqlite(() => parse(select.get(id)));
    },
    async list(userId) {
      return guardSqlite(() => byUser.all(userId).map((row) => JSON.parse(row.json) as MediaRecord));
    },
    async used(userId) {
      return guardSqlite(() => usedBy.get(userId)!.used);
    },
    async read(id, start, end) {
      const first = Math.floor(start / SQLITE_CHUNK_BYTES);
      // One statement reads one snapshot: a delete committed meanwhile removes all of the chunks or none.
      const rows = guardSqlite(() => chunks.all(id, first, Math.floor(end / SQLITE_CHUNK_BYTES)));
      if (rows.length === 0) return undefined;
      const joined = rows.length === 1 ? rows[0]!.data : Buffer.concat(rows.map((row) => row.data));
      const offset = start - first * SQLITE_CHUNK_BYTES;
      return joined.subarray(offset, offset + end - start + 1);
    },
    async remove(userId, id) {
      return guardSqlite(() => remove(userId, id));
    },
    async close() {
      checkpointSoon.cancel();
      if (db.open) db.close();
    },
  };
}

/**
 * Copies the write-ahead log into the database file on a later turn of the event loop (PASSIVE: it
 * waits for no reader and never fails a request); the data store's own connection still checkpoints
 * as SQLite does by default, so the log cannot grow without end.
 */
function deferredCheckpoint(db: Database.Database): (() => void) & { cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    timer = undefined;
    try {
      if (db.open) db.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // Busy or the disk full: the next one, or the data store's, will do it.
    }
  };
  const soon = () => {
    timer ??= setTimeout(run, 50).unref();
  };
  return Object.assign(soon, { cancel: () => clearTimeout(timer) });
}
