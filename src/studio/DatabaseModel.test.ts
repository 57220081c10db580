import { signal } from '@preact/signals';
import { describe, expect, it } from 'vitest';
import type { Json } from '../api/index.ts';
import type { SyncStatus } from '../client/index.ts';
import type { DevEntry } from './createDevApi.ts';
import { DatabaseModel } from './DatabaseModel.ts';

const status = (pending: number, failed: SyncStatus['failed'] = []): SyncStatus => ({
  state: 'online', online: true, pending, oldestPendingAt: null, lastSyncAt: null, failed, storage: 'indexeddb', live: 'connecting',
});

function setup(server: DevEntry[] = []) {
  const sync = signal<SyncStatus | null>(status(0));
  const model = new DatabaseModel(sync);
  const writes: [string, string, Json][] = [];
  model.source = { load: async () => structuredClone(server), write: async (m, n, v) => void writes.push([m, n, v]) };
  return { model, sync, server, writes };
}

describe('DatabaseModel', () => {
  it('shows the server entries sorted, then a local write as pending until the queue settles', async () => {
    const { model, server } = setup([{ moduleId: 'b.mod', name: 'x', value: 1 }, { moduleId: 'a.mod', name: 'y', value: 'old' }]);
    await model.refresh();
    expect(model.rows.value.map((r) => [r.moduleId, r.name, r.value, r.state])).toEqual([
      ['a.mod', 'y', 'old', 'saved'],
      ['b.mod', 'x', 1, 'saved'],
    ]);
    model.noteWrite({ moduleId: 'a.mod', name: 'y', value: 'new', from: 'a.mod' });
    await model.refresh();
    expect(model.rows.value[0]).toMatchObject({ value: 'new', state: 'pending' });
    server[1]!.value = 'new';
    await model.settle();
    expect(model.rows.value[0]).toMatchObject({ value: 'new', state: 'saved' });
  });

  it('keeps a write made during the settling refresh', async () => {
    const { model } = setup();
    model.noteWrite({ moduleId: 'a.mod', name: 'k', value: 1, from: 'a.mod' });
    const settling = model.settle();
    model.noteWrite({ moduleId: 'a.mod', name: 'k', value: 2, from: 'a.mod' });
    await settling;
    expect(model.rows.value).toEqual([{ moduleId: 'a.mod', name: 'k', value: 2, state: 'pending' }]);
  });

  it('marks a write the queue parked as failed, with its reason', async () => {
    const { model, sync } = setup([{ moduleId: 'a.mod', name: 'k', value: 1 }]);
    await model.refresh();
    sync.value = status(0, [{ moduleId: 'a.mod', name: 'k', from: 'studio', code: 'TOO_LARGE', message: 'too big' }]);
    expect(model.rows.value).toEqual([{ moduleId: 'a.mod', name: 'k', value: 1, state: 'failed', failure: 'TOO_LARGE: too big' }]);
  });

  it('writes parsed JSON and refuses text that is not JSON', async () => {
    const { model, writes } = setup();
    expect(await model.edit('a.mod', 'k', '{"n": [1, null]}')).toBe(true);
    expect(writes).toEqual([['a.mod', 'k', { n: [1, null] }]]);
    expect(await model.edit('a.mod', 'k', 'hello')).toBe(false);
    expect(model.editError.value).toEqual({ key: 'a.mod:k', message: expect.stringContaining('not JSON') });
    expect(writes).toHaveLength(1);
  });

  it('reports a server it cannot read', async () => {
    const { model } = setup();
    model.source!.load = () => Promise.reject(new Error('down'));
    await model.refresh();
    expect(model.loadError.value).toBe('down');
  });
});
