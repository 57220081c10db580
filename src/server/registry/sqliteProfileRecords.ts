import Database from 'better-sqlite3';
import { guardSqlite } from '../store/index.ts';
import type { IndexChange, ProfileRecords, RecordWrite } from './ProfileRecords.ts';

/** Profile records in a SQLite file (usually the sqlite store's own), on a connection of their own. */
export interface SqliteProfileRecords extends ProfileRecords {
  close(): void;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS profiles (user_id TEXT PRIMARY KEY, profile TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS profile_index (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS layouts (user_id TEXT NOT NULL, kind TEXT NOT NULL, boxes TEXT NOT NULL, PRIMARY KEY (user_id, kind)) WITHOUT ROWID;`;

/**
 * Each write is one immediate transaction: the compare and the set happen under
 * SQLite's write lock, so two processes on one file cannot both win.
 */
export function createSqliteProfileRecords(path: string): SqliteProfileRecords {
  const db = new Database(path);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('busy_timeout = 5000');
    db.exec(SCHEMA);
  } catch (error) {
    db.close();
    throw new Error(`sqlite profiles ${path}: ${(error as Error).message}`);
  }
  const q = statements(db);
  // The index's primary key makes a Twitch id one user's; the claim is checked and set under the write lock.
  const write = db.transaction((userId: string, expected: string | undefined, next: string, change: IndexChange): RecordWrite => {
    if (q.readProfile.get(userId)?.profile !== expected) return false;
    const { claim = [], release = [] } = change;
    if (claim.some(([key, value]) => (q.lookup.get(key)?.value ?? value) !== value)) return 'taken';
    q.upsertProfile.run(userId, next);
    for (const key of change.remove) q.removeIndex.run(key);
    for (const [key, value] of [...change.set, ...claim]) q.upsertIndex.run(key, value);
    for (const [key, value] of release) q.releaseIndex.run(key, value);
    return true;
  });
  const writeLayout = db.transaction((userId: string, kind: string, expected: string | undefined, next: string) => {
    if (q.readLayout.get(userId, kind)?.boxes !== expected) return false;
    q.upsertLayout.run(userId, kind, next);
    return true;
  });
  return {
    async read(userId) {
      return guardSqlite(() => q.readProfile.get(userId)?.profile);
    },
    async write(userId, expected, next, change) {
      return guardSqlite(() => write.immediate(userId, expected, next, change));
    },
    async lookup(key) {
      return guardSqlite(() => q.lookup.get(key)?.value);
    },
    async readLayout(userId, kind) {
      return guardSqlite(() => q.readLayout.get(userId, kind)?.boxes);
    },
    async writeLayout(userId, kind, expected, next) {
      return guardSqlite(() => writeLayout.immediate(userId, kind, expected, next));
    },
    close() {
      if (db.open) db.close();
    },
  };
}

function statements(db: Database.Database) {
  return {
    readProfile: db.prepare<[string], { profile: string }>('SELECT profile FROM profiles WHERE user_id = ?'),
    upsertProfile: db.prepare<[string, string]>('INSERT INTO profiles (user_id, profile) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET profile = excluded.profile'),
    lookup: db.prepare<[string], { value: string }>('SELECT value FROM profile_index WHERE key = ?'),
    removeIndex: db.prepare<[string]>('DELETE FROM profile_index WHERE key = ?'),
    releaseIndex: db.prepare<[string, string]>('DELETE FROM profile_index WHERE key = ? AND value = ?'),
    upsertIndex: db.prepare<[string, string]>('INSERT INTO profile_index (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value'),
    readLayout: db.prepare<[string, string], { boxes: string }>('SELECT boxes FROM layouts WHERE user_id = ? AND kind = ?'),
    upsertLayout: db.prepare<[string, string, string]>(
      'INSERT INTO layouts (user_id, kind, boxes) VALUES (?, ?, ?) ON CONFLICT (user_id, kind) DO UPDATE SET boxes = excluded.boxes',
    ),
  };
}
