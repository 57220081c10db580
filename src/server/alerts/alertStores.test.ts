import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { AlertStore } from './AlertStore.ts';
import { describeAlertStoreContract } from './alertStoreContract.ts';
import { createMemoryAlertStore } from './memoryAlertStore.ts';
import { createRedisAlertStore } from './redisAlertStore.ts';
import { createSqliteAlertStore } from './sqliteAlertStore.ts';
import { storeSuiteKit } from '../testing/storeSuiteKit.ts';

const kit = storeSuiteKit<AlertStore>('alerts');

describeAlertStoreContract('memory', async () => {
  const store = createMemoryAlertStore();
  return [store, store];
});

describeAlertStoreContract('sqlite', async () => kit.sqlitePair((file) => createSqliteAlertStore(file)));

describeAlertStoreContract('redis', async () => {
  const [a, b] = await kit.redisPair();
  return [createRedisAlertStore(a), createRedisAlertStore(b)];
});

describe('alert stores that lose or predate their revisions', () => {
  it('a restarted memory store counts again under a new epoch, so its states are not taken as older', async () => {
    const before = await createMemoryAlertStore().change('u1', { name: 'paused', to: true });
    const after = await createMemoryAlertStore().change('u1', { name: 'paused', to: false });
    expect(after.revision.n).toBe(1);
    expect(after.revision.epoch).not.toBe(before.revision.epoch);
  });

  it('a Redis that lost its keys counts again under a new epoch', async () => {
    const [a] = await kit.redisPair();
    const store = createRedisAlertStore(a);
    await store.change('u1', { name: 'paused', to: true });
    const before = await store.change('u1', { name: 'paused', to: true });
    await a.flushdb();
    expect((await store.read('u1')).revision).toEqual({ epoch: '', n: 0 });
    const after = await store.change('u1', { name: 'muted', to: true });
    expect(after).toMatchObject({ switches: { paused: false, muted: true }, revision: { n: 1 } });
    expect(after.revision.epoch).not.toBe(before.revision.epoch);
  });

  it('a SQLite file from before revisions keeps its switches and counts from its next write', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'overlay-alerts-old-'));
    const file = join(dir, 'old.sqlite');
    const old = new Database(file);
    old.exec('CREATE TABLE alert_switches (user_id TEXT PRIMARY KEY, paused INTEGER NOT NULL DEFAULT 0, muted INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID');
    old.prepare("INSERT INTO alert_switches (user_id, paused) VALUES ('u1', 1)").run();
    old.close();
    const [one, two] = [createSqliteAlertStore(file), createSqliteAlertStore(file)];
    try {
      expect(await one.read('u1')).toEqual({ switches: { paused: true, muted: false }, report: undefined, revision: { epoch: '', n: 0 } });
      const after = await two.change('u1', { name: 'muted', to: true });
      expect(after).toMatchObject({ switches: { paused: true, muted: true }, revision: { epoch: expect.stringMatching(/.+/), n: 1 } });
    } finally {
      await one.close();
      await two.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
