import Database from 'better-sqlite3';
import { AlertReportSchema } from '../../api/index.ts';
import { type AlertStore, newAlertsEpoch, type StoredAlertReport, type StoredAlertState } from './AlertStore.ts';

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

/**
 * The revision's columns, added on open to a new table and to one of a file written before revisions alike: the
 * rows of such a file count on from `{epoch: '', n: 0}`, with an epoch drawn at their next write.
 */
const REVISION_COLUMNS = { epoch: "TEXT NOT NULL DEFAULT ''", revision: 'INTEGER NOT NULL DEFAULT 0' };

type Row = { paused: number; muted: number; epoch: string; revision: number };

// Every write bumps the revision in its own statement; the epoch is drawn with the row (or at the first write of an older row).
const BUMP = `revision = revision + 1, epoch = CASE epoch WHEN '' THEN excluded.epoch ELSE epoch END`;

/**
 * Alert state in its own tables of the store's SQLite file (the data API only reads `entries`).
 * Each write and the state it answers are one transaction, so two instances on one file never
 * lose a toggle and their states are ordered by their revisions.
 */
export function createSqliteAlertStore(file: string): AlertStore {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);
  addMissingColumns(db);
  const select = db.prepare<[string], Row>('SELECT paused, muted, epoch, revision FROM alert_switches WHERE user_id = ?');
  // Column names and values are fixed here, never taken from a request; `toggle` inserts 1 (it flips the default 0).
  const upsert = (column: 'paused' | 'muted', set: string) =>
    db.prepare<[string, string]>(
      `INSERT INTO alert_switches (user_id, ${column}, epoch, revision) VALUES (?, ${set === '0' ? 0 : 1}, ?, 1) ON CONFLICT (user_id) DO UPDATE SET ${column} = ${set}, ${BUMP}`,
    );
  const changes = {
    paused: { on: upsert('paused', '1'), off: upsert('paused', '0'), toggle: upsert('paused', '1 - paused') },
    muted: { on: upsert('muted', '1'), off: upsert('muted', '0'), toggle: upsert('muted', '1 - muted') },
  };
  const bump = db.prepare<[string, string]>(`INSERT INTO alert_switches (user_id, epoch, revision) VALUES (?, ?, 1) ON CONFLICT (user_id) DO UPDATE SET ${BUMP}`);
  const putReport = db.prepare<[string, string, number]>('INSERT OR REPLACE INTO alert_reports (user_id, json, at) VALUES (?, ?, ?)');
  const selectReport = db.prepare<[string], { json: string; at: number }>('SELECT json, at FROM alert_reports WHERE user_id = ?');
  // One read transaction: the switches and the report of one moment, even while another instance writes.
  const read = db.transaction((userId: string): StoredAlertState => {
    const row = select.get(userId);
    return {
      switches: { paused: row?.paused === 1, muted: row?.muted === 1 },
      report: parseReport(selectReport.get(userId)),
      revision: { epoch: row?.epoch ?? '', n: row?.revision ?? 0 },
    };
  });
  const change = db.transaction((userId: string, name: 'paused' | 'muted', to: 'on' | 'off' | 'toggle') => {
    changes[name][to].run(userId, newAlertsEpoch());
    return read(userId);
  });
  const report = db.transaction((userId: string, { report, at }: StoredAlertReport) => {
    putReport.run(userId, JSON.stringify(report), at);
    bump.run(userId, newAlertsEpoch());
    return read(userId);
  });
  return {
    read: async (userId) => read(userId),
    change: async (userId, { name, to }) => change(userId, name, to === 'toggle' ? 'toggle' : to ? 'on' : 'off'),
    putReport: async (userId, stored) => report(userId, stored),
    async close() {
      db.close();
    },
  };
}

function addMissingColumns(db: Database.Database): void {
  const present = new Set(db.prepare<[], { name: string }>('PRAGMA table_info(alert_switches)').all().map((column) => column.name));
  for (const [name, type] of Object.entries(REVISION_COLUMNS)) {
    if (present.has(name)) continue;
    try {
      db.exec(`ALTER TABLE alert_switches ADD COLUMN ${name} ${type}`);
    } catch (error) {
      // Another instance opening the same file added it first.
      if (!/duplicate column/i.test((error as Error).message)) throw error;
    }
  }
}

function parseReport(row: { json: string; at: number } | undefined): StoredAlertReport | undefined {
  // Parsed where it enters: a row written by another version of the server may not fit.
  const parsed = row && AlertReportSchema.safeParse(JSON.parse(row.json));
  return row && parsed?.success ? { report: parsed.data, at: row.at } : undefined;
}
