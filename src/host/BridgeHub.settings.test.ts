import { describe, expect, it } from 'vitest';
import type { Settings } from '../api/index.ts';
import { entry, setup } from './testing/hubFixture.ts';
import { replyTo } from './testing/portHelpers.ts';

const LOADED: Record<string, Settings> = { 'mod.a': { title: { type: 'text', label: 'Title', default: 'From the chunk' } } };

/** Connects `id` and asks `Overlay.settings()`; resolves with the answer's result. */
async function askSettings(hello: ReturnType<typeof setup>['hello'], id: string): Promise<unknown> {
  const port = hello(id)!.port;
  const reply = replyTo(port, 1);
  port.postMessage({ v: 1, k: 'req', id: 1, m: 'settings', p: {} });
  return (await reply).r;
}

describe('BridgeHub settings of entries that carry none (the overlay page loads them on demand)', () => {
  it('reads them from loadSettings, once a module asks', async () => {
    let loads = 0;
    const loadSettings = async () => {
      loads += 1;
      return LOADED;
    };
    const { hub, hello } = setup({}, { loadSettings });
    hub.mount(entry('mod.a'));
    expect(loads).toBe(0);
    expect(await askSettings(hello, 'mod.a')).toEqual({ title: 'From the chunk' });
    expect(loads).toBe(1);
  });

  it("keeps an entry's own settings (a whole manifest, as hot reload sends), and none reads as none", async () => {
    const { hub, hello } = setup({}, { loadSettings: async () => LOADED });
    hub.mount({ ...entry('mod.a'), settings: {} });
    hub.mount(entry('mod.b'));
    expect(await askSettings(hello, 'mod.a')).toEqual({});
    expect(await askSettings(hello, 'mod.b')).toEqual({});
  });

  it('answers no settings when their chunk cannot load (the server went away)', async () => {
    const { hub, hello } = setup({}, { loadSettings: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')) });
    hub.mount(entry('mod.a'));
    expect(await askSettings(hello, 'mod.a')).toEqual({});
  });
});
