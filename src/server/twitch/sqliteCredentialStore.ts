import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import type { TwitchCredentialStore, TwitchCredentials } from './TwitchCredentials.ts';

const SCHEMA = `CREATE TABLE IF NOT EXISTS twitch_credentials (
  user_id TEXT PRIMARY KEY,
  json TEXT NOT NULL,
  updated_at INTEGER NOT NULL
) WITHOUT ROWID`;

/**
 * Credentials in their own table of the store's SQLite file: the data API only
 * ever reads the `entries` table, so no module key reaches them. A second
 * connection is fine, because the file is in WAL mode.
 */
export function createSqliteCredentialStore(path: string, now: () => number = Date.now): TwitchCredentialStore {
  const file = resolve(path);
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);
  const select = db.prepare<[string], { json: string }>('SELECT json FROM twitch_credentials WHERE user_id = ?');
  const upsert = db.prepare<[string, string, number]>(
    `INSERT INTO twitch_credentials (user_id, json, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET json = excluded.json, updated_at = excluded.updated_at`,
  );
  const remove = db.prepare<[string]>('DELETE FROM twitch_credentials WHERE user_id = ?');
  const selectAll = db.prepare<[], { userId: string; json: string }>('SELECT user_id AS userId, json FROM twitch_credentials ORDER BY user_id');
  return {
    async get(userId) {
      const row = select.get(userId);
      return row && (JSON.parse(row.json) as TwitchCredentials);
    },
    async set(userId, credentials) {
      upsert.run(userId, JSON.stringify(credentials), now());
    },
    async delete(userId) {
      remove.run(userId);
    },
    async list() {
      return selectAll.all().map(({ userId, json }) => ({ userId, credentials: JSON.parse(json) as TwitchCredentials }));
    },
    async close() {
      db.close();
    },
  };
}
