import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { LIMITS, type OverlayError } from '../../api/index.ts';
import { createModuleData } from './createModuleData.ts';
import type { DataChange, SyncStatus } from '../queue/index.ts';
import { QueueWorld } from '../testing/QueueWorld.ts';
import { rejectionCode as codeOf } from '../testing/rejectionCode.ts';

const MOD = 'my.mod';
let world: QueueWorld;

function started() {
  world = new QueueWorld();
  return world.startedTab();
}

afterEach(() => world?.close());

describe('createModuleData', () => {
  it('refuses bad keys and bad values up front, and queues nothing', async () => {
    const { data, queue } = await started();
    const changes: DataChange[] = [];
    data.onChange((change) => changes.push(change));
    expect(await codeOf(data.set(MOD, '', 1))).toBe('BAD_REQUEST');
    expect(await codeOf(data.set(MOD, 'bad id!:x', 1))).toBe('BAD_REQUEST');
    expect(await codeOf(data.set('not an id', 'x', 1))).toBe('BAD_REQUEST');
    expect(await codeOf(data.get(MOD, ':x'))).toBe('BAD_REQUEST');
    expect(await codeOf(data.set(MOD, 'x', new Map() as never))).toBe('BAD_REQUEST');
    expect(await codeOf(data.set(MOD, 'x', Number.NaN))).toBe('BAD_REQUEST');
    expect(await codeOf(data.set(MOD, 'x', 'x'.repeat(LIMITS.valueBytes)))).toBe('TOO_LARGE');
    expect(queue.status.pending.value).toBe(0);
    expect(changes).toEqual([]);
  });

  it('reports each write of this tab as a change, once durably queued', async () => {
    const { data, store } = await started();
    const changes: DataChange[] = [];
    data.onChange((change) => changes.push(change));
    await data.set(MOD, 'other.mod:name:with:colons', [1]);
    expect(changes).toEqual([{ moduleId: 'other.mod', name: 'name:with:colons', value: [1], from: MOD }]);
    expect(await store.get(['q', '1001', 'tool', 'other.mod', 'name:with:colons'])).toMatchObject({ value: [1] });
  });

  it('sends no status event when a flush changes nothing', async () => {
    const { data, queue } = await started();
    await data.set(MOD, 'a', 1);
    await queue.flush();
    let events = 0;
    data.onStatus(() => events++);
    await queue.flush();
    await queue.flush();
    expect(events).toBe(0);
  });

  it('turns an unexpected failure into INTERNAL, without details', async () => {
    const { queue } = await started();
    queue.enqueue = () => Promise.reject(new Error('disk on fire at /home/streamer'));
    const logged: unknown[] = [];
    const data = createModuleData({ queue, log: (_message, error) => logged.push(error) });
    const error = await data.set(MOD, 'a', 1).catch((e: unknown) => e);
    expect(logged).toHaveLength(1);
    expect((error as OverlayError).toJSON()).toEqual({ code: 'INTERNAL', message: 'the data operation failed inside the overlay' });
  });

  it('reports status changes, not the current status at subscription', async () => {
    const { data } = await started();
    const seen: SyncStatus[] = [];
    const stop = data.onStatus((status) => seen.push(status));
    expect(seen).toEqual([]);
    await data.set(MOD, 'a', 1);
    expect(seen.at(-1)).toMatchObject({ pending: 1, oldestPendingAt: world.clock.now(), storage: 'indexeddb' });
    expect(data.status()).toEqual(seen.at(-1));
    stop();
    const count = seen.length;
    await data.set(MOD, 'b', 1);
    expect(seen).toHaveLength(count);
  });
});
