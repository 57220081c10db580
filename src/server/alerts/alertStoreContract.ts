import { describe, expect, it } from 'vitest';
import type { AlertReport, StreamEvent } from '../../api/index.ts';
import type { AlertStore } from './AlertStore.ts';

/** Opens two alert stores on one fresh shared state (two API instances on one Redis or one SQLite file; the same store twice for memory). */
export type OpenAlertStorePair = () => Promise<[AlertStore, AlertStore]>;

const RAID: StreamEvent = {
  id: 'evt-1',
  at: 1_764_288_000_000,
  source: 'api',
  test: false,
  subscription: { type: 'channel.raid', version: '1' },
  event: { from_broadcaster_user_name: 'Pabu_Master', viewers: 12 },
  replayed: true,
};

/** The behaviour every `AlertStore` must have; each store's test calls this once. */
export function describeAlertStoreContract(label: string, openPair: OpenAlertStorePair): void {
  describe(`Alert store contract: ${label}`, () => {
    it('starts with both switches off, and sets each on and off as asked, seen by the other instance', async () => {
      const [one, two] = await openPair();
      expect(await one.switches('u1')).toEqual({ paused: false, muted: false });
      expect(await one.change('u1', { name: 'paused', to: true })).toEqual({ paused: true, muted: false });
      expect(await two.switches('u1')).toEqual({ paused: true, muted: false });
      expect(await two.change('u1', { name: 'muted', to: true })).toEqual({ paused: true, muted: true });
      expect(await one.change('u1', { name: 'paused', to: true })).toEqual({ paused: true, muted: true });
      expect(await one.change('u1', { name: 'paused', to: false })).toEqual({ paused: false, muted: true });
      expect(await two.switches('u1')).toEqual({ paused: false, muted: true });
      expect(await two.switches('u2')).toEqual({ paused: false, muted: false });
    });

    it('flips a switch on toggle, from off when never set, and never loses one of two toggles at once', async () => {
      const [one, two] = await openPair();
      expect(await one.change('u1', { name: 'muted', to: 'toggle' })).toEqual({ paused: false, muted: true });
      expect(await two.change('u1', { name: 'muted', to: 'toggle' })).toEqual({ paused: false, muted: false });
      const flips = await Promise.all([one, two, one, two, one].map((store) => store.change('u1', { name: 'paused', to: 'toggle' })));
      expect(flips.filter((after) => after.paused)).toHaveLength(3);
      expect(await two.switches('u1')).toEqual({ paused: true, muted: false });
    });

    it("keeps each user's latest report with its time, replaced by the next, read on the other instance", async () => {
      const [one, two] = await openPair();
      expect(await one.report('u1')).toBeUndefined();
      const report: AlertReport = { showing: RAID, waiting: 3, held: 'hidden', dropped: 2 };
      await one.putReport('u1', { report, at: 1_000 });
      expect(await two.report('u1')).toEqual({ report, at: 1_000 });
      await two.putReport('u1', { report: { showing: null, waiting: 0 }, at: 2_000 });
      expect(await one.report('u1')).toEqual({ report: { showing: null, waiting: 0 }, at: 2_000 });
      expect(await one.report('u2')).toBeUndefined();
      expect(await one.switches('u1')).toEqual({ paused: false, muted: false });
    });
  });
}
