import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import type { DataStore } from './DataStore.ts';
import { StoreUnavailableError } from './DataStore.ts';
import { compareEntries } from './compareEntries.ts';

export interface SqliteStoreOptions {
  /** Database file; its directory and the file are created on first start. */
  path: string;
  /**
   * `full` syncs the WAL to disk on every commit, so a 200 survives even a power
   * cut; `normal` survives a killed process but not a power cut.
   * @default 'full'
   */
  synchronous?: 'full' | 'normal';
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS entries (
  user_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  module_id TEXT NOT NULL,
  name TEXT NOT NULL,
  value TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, kind, module_id, name)
) WITHOUT ROWID`;

/** The embedded store: one SQLite file in WAL mode; every `set` is committed (grouped per event-loop turn) before it resolves. */
export function createSqliteStore({ path, synchronous = 'full' }: SqliteStoreOptions): DataStore {
  const db = openDatabase(path, synchronous);
  const select = db.prepare<[string, string, string, string], { value: string }>(
    'SELECT value FROM entries WHERE user_id = ? AND kind = ? AND module_id = ? AND name = ?',
  );
  const upsert = db.prepare<[string, string, string, string, string, number]>(
    `INSERT INTO entries (user_id, kind, module_id, name, value, updated_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (user_id, kind, module_id, name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  );
  const selectAll = db.prepare<[string, string], { moduleId: string; name: string; json: string }>(
    'SELECT module_id AS moduleId, name, value AS json FROM entries WHERE user_id = ? AND kind = ?',
  );
  // The primary key's prefix (user, kind, module) serves this without a scan.
  const selectModule = db.prepare<[string, string, string], { moduleId: string; name: string; json: string }>(
    'SELECT module_id AS moduleId, name, value AS json FROM entries WHERE user_id = ? AND kind = ? AND module_id = ?',
  );
  const writeAll = db.transaction((rows: Row[]) => {
    for (const row of rows) upsert.run(...row);
  });
  const commit = groupCommit<Row>((rows) => guardSqlite(() => writeAll(rows)));

  return {
    kind: 'sqlite',
    file: path,
    async get({ userId, kind, moduleId, name }) {
      return guardSqlite(() => select.get(userId, kind, moduleId, name)?.value);
    },
    set({ userId, kind, moduleId, name }, json) {
      return commit([userId, kind, moduleId, name, json, Date.now()]);
    },
    async list(userId, kind) {
      return guardSqlite(() => selectAll.all(userId, kind).sort(compareEntries));
    },
    async listModule(userId, kind, moduleId) {
      return guardSqlite(() => selectModule.all(userId, kind, moduleId).sort(compareEntries));
    },
    async close() {
      // A write accepted in this turn is committed before the file closes.
      await commit.pending()?.catch(() => {});
      if (db.open) db.close();
    },
  };
}

type Row = [userId: string, kind: string, moduleId: string, name: string, json: string, updatedAt: number];

/**
 * Group commit: the writes that arrive in one turn of the event loop go to disk
 * in one transaction, so one WAL sync serves them all; each promise resolves
 * only once that transaction committed (a 200 still means "on disk"), in order,
 * so the last write of a key wins.
 */
function groupCommit<T>(commitAll: (items: T[]) => void): ((item: T) => Promise<void>) & { pending(): Promise<void> | undefined } {
  let batch: { items: T[]; done: Promise<void> } | null = null;
  const add = (item: T) => {
    if (!batch) {
      const items: T[] = [];
      const done = new Promise<void>((resolve, reject) => {
        setImmediate(() => {
          batch = null;
          try {
            commitAll(items);
            resolve();
          } catch (error) {
            reject(error);
          }
        });
      });
      batch = { items, done };
    }
    batch.items.push(item);
    return batch.done;
  };
  return Object.assign(add, { pending: () => batch?.done });
}

/** Opens (creating directory and file if needed) and configures the database; errors name the path. */
function openDatabase(path: string, synchronous: 'full' | 'normal'): Database.Database {
  const file = resolve(path);
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    // FULL syncs the WAL on every commit: the 200 of a PATCH means "on disk".
    db.pragma(`synchronous = ${synchronous === 'normal' ? 'NORMAL' : 'FULL'}`);
    db.pragma('busy_timeout = 5000');
    db.exec(SCHEMA);
    return db;
  } catch (error) {
    db.close();
    throw new Error(`sqlite store ${path}: ${(error as Error).message}`);
  }
}

/** SQLite result codes that mean "try again later" rather than "your request is wrong". */
const TRANSIENT = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|READONLY|CANTOPEN|PROTOCOL)/;

/** Runs a SQLite call; a transient failure (busy, disk full) becomes StoreUnavailableError, answered 503. */
export function guardSqlite<T>(operation: () => T): T {
  try {
    return operation();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && TRANSIENT.test(code)) {
      throw new StoreUnavailableError(`sqlite store unavailable: ${code}`);
    }
    throw error;
  }
}
