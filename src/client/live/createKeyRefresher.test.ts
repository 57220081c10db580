import { describe, expect, it } from 'vitest';
import type { Json } from '../../api/index.ts';
import { createKeyRefresher, type Refreshed } from './createKeyRefresher.ts';

const count = { moduleId: 'demo.tool.counter', name: 'count' };
const label = { moduleId: 'demo.tool.counter', name: 'a:b' };

function setup({ valuesRoute = false } = {}) {
  const server = new Map<string, Json>();
  const calls: [string, string][] = [];
  const gates: (() => void)[] = [];
  let hold = false;
  const pending = new Set<string>();
  const newer: Refreshed[] = [];
  const refresher = createKeyRefresher({
    client: {
      // The one module of these tests: the route answers all of its keys, or is missing (undefined).
      async dbValues(id) {
        calls.push([id, '*']);
        return valuesRoute ? Object.fromEntries(server) : undefined;
      },
      async dbGet(id, key) {
        calls.push([id, key]);
        if (hold) await new Promise<void>((resolve) => gates.push(resolve));
        return server.get(key.slice(key.indexOf(':') + 1));
      },
    },
    isPending: (target) => pending.has(target.name),
    onNewer: (change) => newer.push(change),
  });
  return { server, calls, gates, pending, newer, refresher, holdReads: () => (hold = true) };
}

describe('key refresher (polling fallback, re-read after reset)', () => {
  it('reports only the keys whose server value differs from what the modules know, addressed as owner:name', async () => {
    const { server, calls, newer, refresher } = setup();
    refresher.know(count, 1);
    refresher.know(label, 'x');
    server.set('count', 2);
    server.set('a:b', 'x');
    await refresher.refresh();
    expect(calls).toEqual([
      ['demo.tool.counter', '*'],
      ['demo.tool.counter', 'demo.tool.counter:count'],
      ['demo.tool.counter', 'demo.tool.counter:a:b'],
    ]);
    expect(newer).toEqual([{ ...count, value: 2 }]);
    await refresher.refresh();
    expect(newer).toHaveLength(1);
    // An API without GET /me/database/values is asked once whether it has it.
    expect(calls.filter(([, key]) => key === '*')).toHaveLength(1);
  });

  it('reads each module once where the API serves its values; a key never set costs no request of its own', async () => {
    const { server, calls, newer, refresher } = setup({ valuesRoute: true });
    const unset = { moduleId: 'demo.tool.counter', name: 'never' };
    refresher.know(count, 1);
    refresher.know(label, 'x');
    refresher.know(unset, undefined);
    server.set('count', 2);
    server.set('a:b', 'x');
    await refresher.refresh();
    expect(calls).toEqual([['demo.tool.counter', '*']]);
    expect(newer).toEqual([{ ...count, value: 2 }]);
  });

  it('skips keys with a pending local write, and answers that a newer change overtook', async () => {
    const { server, gates, pending, newer, refresher, holdReads } = setup();
    refresher.know(count, 1);
    refresher.know(label, 'x');
    pending.add('a:b');
    server.set('count', 2);
    server.set('a:b', 'y');
    holdReads();
    const pass = refresher.refresh();
    await Promise.resolve();
    refresher.know(count, 3);
    gates.shift()?.();
    await pass;
    expect(newer).toEqual([]);
  });

  it('never runs two passes at once: a refresh during a pass joins it', async () => {
    const { server, calls, gates, refresher, holdReads } = setup();
    const reads = () => calls.filter(([, key]) => key !== '*').length;
    refresher.know(count, 1);
    server.set('count', 1);
    holdReads();
    const first = refresher.refresh();
    const second = refresher.refresh();
    await expect.poll(() => gates.length).toBe(1);
    expect(reads()).toBe(1);
    gates.shift()?.();
    // The key asked for again during the pass is read once more, after the first read, never beside it.
    await expect.poll(() => gates.length).toBe(1);
    expect(reads()).toBe(2);
    gates.shift()?.();
    await Promise.all([first, second]);
    expect(reads()).toBe(2);
  });
});
