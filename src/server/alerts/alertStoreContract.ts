import { describe, expect, it } from 'vitest';
import type { AlertReport, StreamEvent } from '../../api/index.ts';
import type { AlertStore, StoredAlertState } from './AlertStore.ts';

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

const switchesOf = async (reading: Promise<StoredAlertState>) => (await reading).switches;

/** The behaviour every `AlertStore` must have; each store's test calls this once. */
export function describeAlertStoreContract(label: string, openPair: OpenAlertStorePair): void {
  describe(`Alert store contract: ${label}`, () => {
    it('starts with both switches off, and sets each on and off as asked, seen by the other instance', async () => {
      const [one, two] = await openPair();
      expect(await switchesOf(one.read('u1'))).toEqual({ paused: false, muted: false });
      expect(await switchesOf(one.change('u1', { name: 'paused', to: true }))).toEqual({ paused: true, muted: false });
      expect(await switchesOf(two.read('u1'))).toEqual({ paused: true, muted: false });
      expect(await switchesOf(two.change('u1', { name: 'muted', to: true }))).toEqual({ paused: true, muted: true });
      expect(await switchesOf(one.change('u1', { name: 'paused', to: true }))).toEqual({ paused: true, muted: true });
      expect(await switchesOf(one.change('u1', { name: 'paused', to: false }))).toEqual({ paused: false, muted: true });
      expect(await switchesOf(two.read('u1'))).toEqual({ paused: false, muted: true });
      expect(await switchesOf(two.read('u2'))).toEqual({ paused: false, muted: false });
    });

    it('flips a switch on toggle, from off when never set, and never loses one of two toggles at once', async () => {
      const [one, two] = await openPair();
      expect(await switchesOf(one.change('u1', { name: 'muted', to: 'toggle' }))).toEqual({ paused: false, muted: true });
      expect(await switchesOf(two.change('u1', { name: 'muted', to: 'toggle' }))).toEqual({ paused: false, muted: false });
      const flips = await Promise.all([one, two, one, two, one].map((store) => store.change('u1', { name: 'paused', to: 'toggle' })));
      expect(flips.filter((after) => after.switches.paused)).toHaveLength(3);
      expect(await switchesOf(two.read('u1'))).toEqual({ paused: true, muted: false });
    });

    it("keeps each user's latest report with its time, replaced by the next, read on the other instance", async () => {
      const [one, two] = await openPair();
      expect((await one.read('u1')).report).toBeUndefined();
      const report: AlertReport = { showing: RAID, waiting: 3, held: 'hidden', dropped: 2 };
      expect((await one.putReport('u1', { report, at: 1_000 })).report).toEqual({ report, at: 1_000 });
      expect((await two.read('u1')).report).toEqual({ report, at: 1_000 });
      await two.putReport('u1', { report: { showing: null, waiting: 0 }, at: 2_000 });
      expect((await one.read('u1')).report).toEqual({ report: { showing: null, waiting: 0 }, at: 2_000 });
      expect((await one.read('u2')).report).toBeUndefined();
      expect(await switchesOf(one.read('u1'))).toEqual({ paused: false, muted: false });
    });

    it('bumps the revision by one with each change and each report, on either instance; each answer carries its own', async () => {
      const [one, two] = await openPair();
      expect((await one.read('u1')).revision).toEqual({ epoch: '', n: 0 });
      const first = (await one.change('u1', { name: 'paused', to: true })).revision;
      expect(first).toEqual({ epoch: expect.stringMatching(/.+/), n: 1 });
      expect((await two.putReport('u1', { report: { showing: null, waiting: 1 }, at: 1_000 })).revision).toEqual({ ...first, n: 2 });
      // A change that changes nothing is still a new state message: it is ordered too.
      expect((await two.change('u1', { name: 'paused', to: true })).revision).toEqual({ ...first, n: 3 });
      expect((await one.read('u1')).revision).toEqual({ ...first, n: 3 });
      const together = await Promise.all([one, two, one, two].map((store, i) => store.change('u1', { name: 'muted', to: i % 2 === 0 })));
      expect(together.map((after) => after.revision.n).sort((a, b) => a - b)).toEqual([4, 5, 6, 7]);
      // The answer with the highest revision is the stored state.
      const last = together.find((after) => after.revision.n === 7)!;
      expect(await one.read('u1')).toEqual(last);
      expect((await two.read('u2')).revision).toEqual({ epoch: '', n: 0 });
    });
  });
}
