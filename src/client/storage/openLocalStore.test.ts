import 'fake-indexeddb/auto';
import { createStore, type UseStore } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { createDurableStore } from './createDurableStore.ts';
import { createIdbKeyValue } from './createIdbKeyValue.ts';
import { createMemoryKeyValue } from './createMemoryKeyValue.ts';
import type { KeyValueStore } from './KeyValueStore.ts';
import { openLocalStore } from './openLocalStore.ts';
import { ManualClock } from '../testing/ManualClock.ts';
import { QueueWorld } from '../testing/QueueWorld.ts';

let n = 0;
const freshStore = () => (n % 2 ? createStore(`kv-test-${++n}`, 'entries') : createDurableStore(`kv-test-${++n}`, 'entries'));

describe.each([
  ['IndexedDB', () => createIdbKeyValue(freshStore())],
  ['memory', () => createMemoryKeyValue()],
])('KeyValueStore on %s', (_name, make: () => KeyValueStore) => {
  it('gets, lists by prefix in key order, updates and deletes', async () => {
    const kv = make();
    const put = (key: string[], value: unknown) => kv.update([], () => ({ writes: [[key, value]], result: undefined }));
    await put(['q', '1', 'tool', 'b', 'x'], 2);
    await put(['q', '1', 'tool', 'a', 'x'], 1);
    await put(['q', '1', 'toolbox', 'a', 'x'], 3);
    await put(['q', '10', 'tool', 'a', 'x'], 4);
    await put(['c', '1', 'tool', 'a', 'x'], 5);
    expect(await kv.getAll(['q', '1', 'tool'])).toEqual([
      [['q', '1', 'tool', 'a', 'x'], 1],
      [['q', '1', 'tool', 'b', 'x'], 2],
    ]);
    expect(await kv.get(['c', '1', 'tool', 'a', 'x'])).toBe(5);
    const result = await kv.update([['q', '1', 'tool', 'a', 'x'], ['nope']], (values) => ({
      writes: [[['q', '1', 'tool', 'a', 'x'], undefined]],
      result: values,
    }));
    expect(result).toEqual([1, undefined]);
    expect(await kv.get(['q', '1', 'tool', 'a', 'x'])).toBeUndefined();
  });

  it('applies nothing when the decision throws', async () => {
    const kv = make();
    await kv.update([], () => ({ writes: [[['k'], 1]], result: undefined }));
    const failed = kv.update([['k']], () => {
      throw new Error('no');
    });
    await expect(failed).rejects.toThrow('no');
    expect(await kv.get(['k'])).toBe(1);
  });

  it('hands out copies, never the stored object', async () => {
    const kv = make();
    const value = { n: 1 };
    await kv.update([], () => ({ writes: [[['k'], value]], result: undefined }));
    value.n = 2;
    const read = (await kv.get(['k'])) as { n: number };
    read.n = 3;
    expect(await kv.get(['k'])).toEqual({ n: 1 });
  });
});

describe('openLocalStore', () => {
  it('falls back to memory when IndexedDB cannot be opened, and keeps working', async () => {
    const failing: UseStore = () => Promise.reject(new DOMException('open failed', 'UnknownError'));
    const reasons: unknown[] = [];
    const store = openLocalStore({ useStore: failing, onFallback: (reason) => reasons.push(reason) });
    expect(store.storage.value).toBe('indexeddb');
    await store.update([], () => ({ writes: [[['k'], 1]], result: undefined }));
    expect(store.storage.value).toBe('memory');
    expect(await store.get(['k'])).toBe(1);
    expect(reasons).toHaveLength(1);
  });

  it('falls back to memory when indexedDB.open fails', async () => {
    const denied = {
      open() {
        throw new DOMException('The user denied permission to access the database.', 'SecurityError');
      },
    } as unknown as IDBFactory;
    const store = openLocalStore({ useStore: createDurableStore('db', 'entries', denied), onFallback: () => {} });
    await store.update([], () => ({ writes: [[['k'], 1]], result: undefined }));
    expect(store.storage.value).toBe('memory');
    expect(await store.get(['k'])).toBe(1);
  });

  it('falls back to memory when opening hangs', async () => {
    const clock = new ManualClock();
    const store = openLocalStore({ useStore: () => new Promise(() => {}), clock, onFallback: () => {} });
    const reading = store.get(['k']);
    clock.advance(5000);
    expect(await reading).toBeUndefined();
    expect(store.storage.value).toBe('memory');
  });

  it('retries a failed transaction once before falling back', async () => {
    const real = freshStore();
    let failures = 1;
    const flaky: UseStore = (mode, callback) =>
      mode === 'readwrite' && failures-- > 0 ? Promise.reject(new DOMException('aborted', 'AbortError')) : real(mode, callback);
    const store = openLocalStore({ useStore: flaky, onFallback: () => {} });
    await store.get(['k']);
    await store.update([], () => ({ writes: [[['k'], 1]], result: undefined }));
    expect(store.storage.value).toBe('indexeddb');
    expect(await store.get(['k'])).toBe(1);
  });

  it('opens the database again when the browser closed the connection', async () => {
    const connections: IDBDatabase[] = [];
    const factory = {
      open(name: string) {
        const request = indexedDB.open(name);
        request.addEventListener('success', () => connections.push(request.result));
        return request;
      },
    } as unknown as IDBFactory;
    const store = openLocalStore({ useStore: createDurableStore(`reopen-${++n}`, 'entries', factory), onFallback: () => {} });
    await store.update([], () => ({ writes: [[['k'], 1]], result: undefined }));
    connections[0].close();
    expect(await store.get(['k'])).toBe(1);
    expect(connections).toHaveLength(2);
    expect(store.storage.value).toBe('indexeddb');
  });

  it('does not take an error of the caller for a storage failure', async () => {
    const store = openLocalStore({ useStore: freshStore(), onFallback: () => {} });
    const failed = store.update([['k']], () => {
      throw new Error('caller bug');
    });
    await expect(failed).rejects.toThrow('caller bug');
    expect(store.storage.value).toBe('indexeddb');
  });

  it('uses memory where there is no IndexedDB at all', () => {
    expect(openLocalStore({ useStore: null }).storage.value).toBe('memory');
  });

  it('keeps what IndexedDB still holds when writes start failing (quota)', async () => {
    const real = freshStore();
    let full = false;
    const quota: UseStore = (mode, callback) =>
      full && mode === 'readwrite' ? Promise.reject(new DOMException('full', 'QuotaExceededError')) : real(mode, callback);
    const store = openLocalStore({ useStore: quota, onFallback: () => {} });
    await store.update([], () => ({ writes: [[['q', 'a'], 1]], result: undefined }));
    full = true;
    await store.update([], () => ({ writes: [[['q', 'b'], 2]], result: undefined }));
    expect(store.storage.value).toBe('memory');
    expect(await store.getAll(['q'])).toEqual([
      [['q', 'a'], 1],
      [['q', 'b'], 2],
    ]);
  });

  it('lets the queue run on memory: writes resolve, the tab flushes on its own, status says memory', async () => {
    const world = new QueueWorld();
    const store = openLocalStore({ useStore: () => Promise.reject(new Error('corrupt')), onFallback: () => {} });
    const other = world.tab();
    await other.queue.start();
    const tab = world.tab({ store });
    await tab.queue.start();
    await tab.data.set('my.mod', 'a', 1);
    expect(tab.data.status().storage).toBe('memory');
    expect(tab.queue.status.flusher.value).toBe(false);
    await tab.queue.flush();
    expect(world.server.value('my.mod', 'a')).toBe(1);
    world.close();
  });
});
