import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemorySessionStore } from './memorySessionStore.ts';
import type { SessionStore } from './SessionStore.ts';
import { createSqliteSessionStore } from './sqliteSessionStore.ts';

const dir = mkdtempSync(join(tmpdir(), 'overlay-state-sweep-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A state left unfinished is gone once it expired and another sign-in starts: an abandoned flood does not stay. */
async function expectSwept(open: (now: () => number) => SessionStore) {
  let now = 1_000_000;
  const store = open(() => now);
  await store.putState('abandoned-state-0001', { expiresAt: now + 600_000 });
  await store.putState('waiting-state-00001', { expiresAt: now + 900_000 });
  now += 700_000;
  await store.putState('fresh-state-0000001', { expiresAt: now + 600_000 });
  expect(await store.takeState('abandoned-state-0001')).toBeUndefined();
  expect(await store.takeState('waiting-state-00001')).toEqual({ expiresAt: 1_900_000 });
  expect(await store.takeState('fresh-state-0000001')).toEqual({ expiresAt: 2_300_000 });
  await store.close();
}

describe('sign-in states are swept', () => {
  it('from memory, the expired ones at the front of the queue', async () => {
    await expectSwept((now) => createMemorySessionStore(now));
  });

  it('from SQLite, through an index on expires_at: the sweep reads the expired rows only, not the table', async () => {
    const file = join(dir, 'sessions.sqlite');
    await expectSwept((now) => createSqliteSessionStore(file, now));
    const db = new Database(file, { readonly: true });
    const plan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(0) as Array<{ detail: string }>).map(({ detail }) => detail).join('; ');
    expect(plan('DELETE FROM sign_in_states WHERE expires_at < ?')).toMatch(/USING (COVERING )?INDEX sign_in_states_expiry/);
    expect(plan('DELETE FROM website_sessions WHERE expires_at < ?')).toMatch(/USING (COVERING )?INDEX website_sessions_expiry/);
    db.close();
  });
});
