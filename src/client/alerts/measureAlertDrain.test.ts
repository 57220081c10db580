import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { FakeLocks } from '../testing/FakeLocks.ts';
import { measureAlertDrain } from './measureAlertDrain.ts';

describe('measureAlertDrain (the bench alert.drain)', () => {
  // How fast (the 2 s) is the bench's alert.drain row, measured on a machine left alone; here, that all are shown.
  it('drains 1,000 waiting alerts whose handlers settle at once, each presented once', async () => {
    const drain = await measureAlertDrain({ count: 1000, locks: new FakeLocks() });
    expect(drain.presented).toEqual([1000]);
    expect(drain.ms).toBeGreaterThan(0);
  });

  it('with two pages, every alert is presented on each', async () => {
    const drain = await measureAlertDrain({ count: 300, pages: 2, locks: new FakeLocks() });
    expect(drain.presented).toEqual([300, 300]);
  });
});
