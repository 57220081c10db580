import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStore } from './sqliteStore.ts';
import { describeStoreContract } from './storeContract.ts';

const dir = mkdtempSync(join(tmpdir(), 'overlay-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fileNumber = 0;
const freshPath = () => join(dir, `nested/dir-${++fileNumber}/overlay.sqlite`);

describeStoreContract('sqlite', async () => createSqliteStore({ path: freshPath() }));

describe('sqlite store', () => {
  const addr = { userId: '1', kind: 'event', moduleId: 'm', name: 'n' } as const;

  it('creates its directory and file, in WAL mode with full sync', async () => {
    const path = freshPath();
    const store = createSqliteStore({ path });
    await store.set(addr, '1');
    await store.close();
    expect(existsSync(path)).toBe(true);
    const db = new Database(path, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });

  it('commits the writes of one event-loop turn together, in order, and only then resolves them', async () => {
    const path = freshPath();
    const store = createSqliteStore({ path });
    const writes = Array.from({ length: 50 }, (_, i) => store.set({ ...addr, name: `k${i % 10}` }, String(i)));
    // Nothing is on disk before the turn ends: a reader sees no row yet.
    const reader = new Database(path, { readonly: true });
    expect(reader.prepare('SELECT count(*) AS n FROM entries').get()).toEqual({ n: 0 });
    await Promise.all(writes);
    expect(reader.prepare('SELECT count(*) AS n FROM entries').get()).toEqual({ n: 10 });
    reader.close();
    expect(await store.get({ ...addr, name: 'k3' })).toBe('43');
    await store.close();
  });

  it('keeps values across a reopen on the same file', async () => {
    const path = freshPath();
    const first = createSqliteStore({ path, synchronous: 'normal' });
    await first.set(addr, '{"kept":true}');
    await first.close();
    const second = createSqliteStore({ path });
    expect(await second.get(addr)).toBe('{"kept":true}');
    expect(await second.list('1', 'event')).toEqual([{ moduleId: 'm', name: 'n', json: '{"kept":true}' }]);
    await second.close();
  });

  it('refuses a file that is not a database, naming the path', () => {
    const path = join(dir, 'not-a-db.sqlite');
    writeFileSync(path, 'this is not sqlite, just some text that is long enough to have a header');
    expect(() => createSqliteStore({ path })).toThrow(/not-a-db\.sqlite/);
  });
});

describe('sqlite store close', () => {
  it('commits a write accepted in the same turn before closing', async () => {
    const path = freshPath();
    const store = createSqliteStore({ path });
    const write = store.set({ userId: '1', kind: 'tool', moduleId: 'm', name: 'late' }, '"kept"');
    await store.close();
    await write;
    const reopened = createSqliteStore({ path });
    expect(await reopened.get({ userId: '1', kind: 'tool', moduleId: 'm', name: 'late' })).toBe('"kept"');
    await reopened.close();
  });
});
