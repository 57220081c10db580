import Database from 'better-sqlite3';
import { AlertReportSchema } from '../../api/index.ts';
import type { AlertStore, AlertSwitches } from './AlertStore.ts';

const SCHEMA = `CREATE TABLE IF NOT EXISTS alert_switches (
  user_id TEXT PRIMARY KEY,
  paused INTEGER NOT NULL DEFAULT 0,
  muted INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS alert_reports (
  user_id TEXT PRIMARY KEY,
  json TEXT NOT NULL,
  at INTEGER NOT NULL
) WITHOUT ROWID`;

type Row = { paused: number; muted: number };

/**
 * Alert state in its own tables of the store's SQLite file (the data API only reads `entries`).
 * Each change is one statement, so two instances on one file never lose a toggle.
 */
export function createSqliteAlertStore(file: string): AlertStore {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);
  const select = db.prepare<[string], Row>('SELECT paused, muted FROM alert_switches WHERE user_id = ?');
  // Column names and values are fixed here, never taken from a request; `toggle` inserts 1 (it flips the default 0).
  const upsert = (column: 'paused' | 'muted', set: string) =>
    db.prepare<[string], Row>(
      `INSERT INTO alert_switches (user_id, ${column}) VALUES (?, ${set === '0' ? 0 : 1}) ON CONFLICT (user_id) DO UPDATE SET ${column} = ${set} RETURNING paused, muted`,
    );
  const changes = {
    paused: { on: upsert('paused', '1'), off: upsert('paused', '0'), toggle: upsert('paused', '1 - paused') },
    muted: { on: upsert('muted', '1'), off: upsert('muted', '0'), toggle: upsert('muted', '1 - muted') },
  };
  const putReport = db.prepare<[string, string, number]>('INSERT OR REPLACE INTO alert_reports (user_id, json, at) VALUES (?, ?, ?)');
  const selectReport = db.prepare<[string], { json: string; at: number }>('SELECT json, at FROM alert_reports WHERE user_id = ?');
  const toSwitches = (row: Row | undefined): AlertSwitches => ({ paused: row?.paused === 1, muted: row?.muted === 1 });
  return {
    async switches(userId) {
      return toSwitches(select.get(userId));
    },
    async change(userId, { name, to }) {
      return toSwitches(changes[name][to === 'toggle' ? 'toggle' : to ? 'on' : 'off'].get(userId));
    },
    async putReport(userId, { report, at }) {
      putReport.run(userId, JSON.stringify(report), at);
    },
    async report(userId) {
      const row = selectReport.get(userId);
      // Parsed where it enters: a row written by another version of the server may not fit.
      const parsed = row && AlertReportSchema.safeParse(JSON.parse(row.json));
      return row && parsed?.success ? { report: parsed.data, at: row.at } : undefined;
    },
    async close() {
      db.close();
    },
  };
}
