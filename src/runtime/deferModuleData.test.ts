import { describe, expect, it } from 'vitest';
import type { DataChange, SyncStatus } from '../client/index.ts';
import { FakeModuleData } from '../host/testing/FakeModuleData.ts';
import { deferModuleData } from './deferModuleData.ts';

const STARTING: SyncStatus = { state: 'online', online: true, pending: 0, oldestPendingAt: null, lastSyncAt: null, failed: [], storage: 'indexeddb', live: 'connecting' };

function opening() {
  let open!: (data: FakeModuleData) => void;
  const promise = new Promise<FakeModuleData>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

describe('deferModuleData', () => {
  it('holds calls until the layer is open, then runs them on it', async () => {
    const layer = opening();
    const data = deferModuleData(layer.promise, STARTING);
    let written = false;
    const writing = data.set('mod.a', 'score', 3).then(() => {
      written = true;
    });
    const reading = data.get('mod.a', 'score');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(written).toBe(false);
    const real = new FakeModuleData();
    layer.open(real);
    await writing;
    expect(await reading).toBe(3);
    expect(real.calls.map(({ op, key }) => [op, key])).toEqual([
      ['set', 'score'],
      ['get', 'score'],
    ]);
  });

  it('answers `starting` until open, then tells listeners the layer’s own status and passes its events on', async () => {
    const layer = opening();
    const data = deferModuleData(layer.promise, STARTING);
    const statuses: SyncStatus[] = [];
    const changes: DataChange[] = [];
    data.onStatus((status) => statuses.push(status));
    data.onChange((change) => changes.push(change));
    expect(data.status()).toBe(STARTING);
    const real = new FakeModuleData();
    real.current = { ...real.current, pending: 2, storage: 'indexeddb' };
    layer.open(real);
    await layer.promise;
    await Promise.resolve();
    expect(data.status()).toEqual(real.current);
    expect(statuses).toEqual([real.current]);
    real.setStatus({ pending: 0 });
    real.changed({ moduleId: 'mod.a', name: 'x', value: 1, from: 'mod.b' });
    expect(statuses.map((status) => status.pending)).toEqual([2, 0]);
    expect(changes).toEqual([{ moduleId: 'mod.a', name: 'x', value: 1, from: 'mod.b' }]);
  });

  it('tells nothing new when the opened status is the one modules were given', async () => {
    const layer = opening();
    const data = deferModuleData(layer.promise, STARTING);
    const statuses: SyncStatus[] = [];
    data.onStatus((status) => statuses.push(status));
    const real = new FakeModuleData();
    real.current = { ...STARTING };
    layer.open(real);
    await layer.promise;
    await Promise.resolve();
    expect(statuses).toEqual([]);
  });
});
