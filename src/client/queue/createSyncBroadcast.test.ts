import { describe, expect, it } from 'vitest';
import { createSyncBroadcast, SYNC_TIME_STEP_MS, type SyncNews } from './createSyncBroadcast.ts';

describe('sync broadcast to the other tabs', () => {
  it('tells each change of state or connectivity at once', () => {
    const posted: SyncNews[] = [];
    const broadcast = createSyncBroadcast((news) => posted.push(news));
    broadcast.tell({ state: 'online', online: true, lastSyncAt: null });
    broadcast.tell({ state: 'online', online: true, lastSyncAt: null });
    broadcast.tell({ state: 'offline', online: false, lastSyncAt: null });
    broadcast.tell({ state: 'offline', online: true, lastSyncAt: null });
    expect(posted.map((news) => [news.state, news.online])).toEqual([
      ['online', true],
      ['offline', false],
      ['offline', true],
    ]);
  });

  it('tells the last sync time to the step, and its first value at once', () => {
    const posted: SyncNews[] = [];
    const broadcast = createSyncBroadcast((news) => posted.push(news));
    broadcast.tell({ state: 'online', online: true, lastSyncAt: null });
    for (let at = 10_000; at < 13_000; at += 150) broadcast.tell({ state: 'online', online: true, lastSyncAt: at });
    expect(posted.map((news) => news.lastSyncAt)).toEqual([null, 10_000, 10_000 + 1050, 10_000 + 2100]);
    expect(SYNC_TIME_STEP_MS).toBe(1000);
  });

  it('starts over after reset (a tab that just became the flusher tells its view)', () => {
    const posted: SyncNews[] = [];
    const broadcast = createSyncBroadcast((news) => posted.push(news));
    broadcast.tell({ state: 'online', online: true, lastSyncAt: 5 });
    broadcast.reset();
    broadcast.tell({ state: 'online', online: true, lastSyncAt: 5 });
    expect(posted).toHaveLength(2);
  });
});
