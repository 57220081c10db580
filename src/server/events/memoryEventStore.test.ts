import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryStore, createSqliteStore } from '../store/index.ts';
import { describeEventStoreContract } from './eventStoreContract.ts';
import { createMemoryEventStore } from './memoryEventStore.ts';
import { openEvents } from './openEvents.ts';
import { createSqliteEventStore } from './sqliteEventStore.ts';

const dir = mkdtempSync(join(tmpdir(), 'overlay-events-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fileNumber = 0;

describeEventStoreContract('memory', async (options) => {
  const store = createMemoryStore();
  const events = await openEvents(store, options);
  return { events, close: () => events.close().then(() => store.close()) };
});

describeEventStoreContract('sqlite', async (options) => {
  const store = createSqliteStore({ path: join(dir, `contract-${++fileNumber}.sqlite`) });
  const events = await openEvents(store, options);
  return { events, close: () => events.close().then(() => store.close()) };
});

const raid = { type: 'channel.raid', event: { viewers: 1 }, source: 'api' as const };

describe('memory and sqlite event logs', () => {
  for (const [label, open] of [
    ['memory', (now: () => number) => createMemoryEventStore({ now, retention: { maxAgeMs: 1000 } })],
    ['sqlite', (now: () => number) => createSqliteEventStore({ path: join(dir, `age-${++fileNumber}.sqlite`), now, retention: { maxAgeMs: 1000 } })],
  ] as const) {
    it(`${label}: drops events older than the age limit at the next append`, async () => {
      let t = 10_000;
      const log = open(() => t);
      await log.append('1', { ...raid, id: 'old' });
      t += 1001;
      await log.append('1', { ...raid, id: 'new' });
      expect((await log.list('1', { limit: 10 })).events.map((e) => e.record.id)).toEqual(['new']);
    });
  }

  for (const [label, open] of [
    ['memory', () => createMemoryEventStore({ retention: { maxPerUser: 3 } })],
    ['sqlite', () => createSqliteEventStore({ path: join(dir, `cap-${++fileNumber}.sqlite`), retention: { maxPerUser: 3 } })],
  ] as const) {
    it(`${label}: holds a user to maxPerUser over all types, the oldest dropped first`, async () => {
      const log = open();
      const first = await log.append('1', { ...raid, id: 'a', type: 'custom.a' });
      for (const type of ['custom.b', 'custom.c', 'custom.d', 'custom.e']) await log.append('1', { ...raid, id: type, type });
      await log.append('2', { ...raid, id: 'other' });
      const page = await log.list('1', { after: first.cursor, limit: 10 });
      expect(page.events.map((e) => e.record.id)).toEqual(['custom.c', 'custom.d', 'custom.e']);
      expect(page.gap).toBe(true);
      expect((await log.list('2', { limit: 10 })).events).toHaveLength(1);
    });
  }

  it('sqlite keeps events and cursors across a restart', async () => {
    const path = join(dir, 'restart.sqlite');
    const first = createSqliteEventStore({ path });
    const { cursor } = await first.append('1', { ...raid, id: 'kept' });
    first.close();
    const second = createSqliteEventStore({ path });
    await second.append('1', { ...raid, id: 'next' });
    expect(await second.find('1', 'kept')).toMatchObject({ id: 'kept' });
    expect((await second.append('1', { ...raid, id: 'kept' })).created).toBe(false);
    expect((await second.list('1', { after: cursor, limit: 10 })).events.map((e) => e.record.id)).toEqual(['next']);
    second.close();
  });
});
