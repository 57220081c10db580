import Database from 'better-sqlite3';
import type { SessionStore, SignInState, WebsiteSession } from './SessionStore.ts';

const SCHEMA = `CREATE TABLE IF NOT EXISTS website_sessions (
  digest TEXT PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL,
  json TEXT NOT NULL,
  expires_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS website_sessions_user ON website_sessions (user_id);
CREATE TABLE IF NOT EXISTS sign_in_states (
  state TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS sign_in_states_expiry ON sign_in_states (expires_at);
CREATE INDEX IF NOT EXISTS website_sessions_expiry ON website_sessions (expires_at)`;

/**
 * Sessions in their own tables of the store's SQLite file (the data API only
 * reads `entries`). Expired rows are swept when a new one is added; the index on
 * `expires_at` makes that sweep touch the expired rows alone, not the whole table.
 */
export function createSqliteSessionStore(file: string, now: () => number = Date.now): SessionStore {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);
  const insert = db.prepare<[string, string, string, string, number]>('INSERT INTO website_sessions (digest, id, user_id, json, expires_at) VALUES (?, ?, ?, ?, ?)');
  const sweep = db.prepare<[number]>('DELETE FROM website_sessions WHERE expires_at < ?');
  const select = db.prepare<[string], { json: string }>('SELECT json FROM website_sessions WHERE digest = ?');
  const update = db.prepare<[string, string]>('UPDATE website_sessions SET json = ? WHERE digest = ?');
  const byUser = db.prepare<[string], { json: string }>('SELECT json FROM website_sessions WHERE user_id = ?');
  const deleteById = db.prepare<[string, string]>('DELETE FROM website_sessions WHERE user_id = ? AND id = ?');
  const deleteByDigest = db.prepare<[string]>('DELETE FROM website_sessions WHERE digest = ?');
  const putState = db.prepare<[string, number]>('INSERT OR REPLACE INTO sign_in_states (state, expires_at) VALUES (?, ?)');
  const sweepStates = db.prepare<[number]>('DELETE FROM sign_in_states WHERE expires_at < ?');
  // One statement: two instances on one file cannot both take a state.
  const takeState = db.prepare<[string], { expires_at: number }>('DELETE FROM sign_in_states WHERE state = ? RETURNING expires_at');
  const parse = (json: string) => JSON.parse(json) as WebsiteSession;
  return {
    async add(digest, session) {
      db.transaction(() => {
        sweep.run(now());
        insert.run(digest, session.id, session.userId, JSON.stringify(session), session.expiresAt);
      })();
    },
    async find(digest) {
      const row = select.get(digest);
      return row && parse(row.json);
    },
    async touch(digest, at) {
      const row = select.get(digest);
      if (row) update.run(JSON.stringify({ ...parse(row.json), lastUsedAt: at }), digest);
    },
    async list(userId) {
      return byUser.all(userId).map((row) => parse(row.json)).sort((a, b) => a.createdAt - b.createdAt);
    },
    async removeById(userId, id) {
      return deleteById.run(userId, id).changes > 0;
    },
    async removeByDigest(digest) {
      return deleteByDigest.run(digest).changes > 0;
    },
    async putState(state, value: SignInState) {
      sweepStates.run(now());
      putState.run(state, value.expiresAt);
    },
    async takeState(state) {
      const row = takeState.get(state);
      return row && { expiresAt: row.expires_at };
    },
    async close() {
      db.close();
    },
  };
}
