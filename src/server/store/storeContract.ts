import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DataAddress, DataStore } from './DataStore.ts';

const addr = (over: Partial<DataAddress> = {}): DataAddress => ({
  userId: '1001',
  kind: 'tool',
  moduleId: 'de.example.tool.raid',
  name: 'count',
  ...over,
});

/**
 * The behaviour every `DataStore` must have. Each store's test file calls this
 * with a factory that opens a fresh, empty store.
 */
export function describeStoreContract(label: string, openFresh: () => Promise<DataStore>): void {
  describe(`DataStore contract: ${label}`, () => {
    let store: DataStore;
    beforeEach(async () => {
      store = await openFresh();
    });
    afterEach(async () => {
      await store.close();
    });

    it('answers undefined for a value never set', async () => {
      expect(await store.get(addr())).toBeUndefined();
    });

    it('returns the JSON text exactly as stored, last write wins', async () => {
      await store.set(addr(), '{"a":1,"b":[true,null,"ü"]}');
      expect(await store.get(addr())).toBe('{"a":1,"b":[true,null,"ü"]}');
      await store.set(addr(), 'null');
      await store.set(addr(), 'null');
      expect(await store.get(addr())).toBe('null');
    });

    it('keeps users, kinds, modules and names apart', async () => {
      const variants = [
        addr(),
        addr({ userId: '1002' }),
        addr({ kind: 'game' }),
        addr({ moduleId: 'de.example.tool.other' }),
        addr({ name: 'Count' }),
        addr({ name: 'count ' }),
      ];
      await Promise.all(variants.map((a, i) => store.set(a, String(i))));
      for (const [i, a] of variants.entries()) expect(await store.get(a)).toBe(String(i));
    });

    it('stores names with any text and values up to 64 KiB', async () => {
      const names = ['a:b:c', 'émoji 🎉', ' ', 'x'.repeat(256), '"quoted"\n\t', "'; DROP TABLE entries; --"];
      const big = JSON.stringify('x'.repeat(64 * 1024 - 2));
      for (const name of names) await store.set(addr({ name }), big);
      for (const name of names) expect(await store.get(addr({ name }))).toBe(big);
    });

    it('lists every entry of one user and kind, ordered by module id, then name', async () => {
      await store.set(addr({ moduleId: 'b.mod', name: 'z' }), '1');
      await store.set(addr({ moduleId: 'a.mod', name: 'y' }), '2');
      await store.set(addr({ moduleId: 'b.mod', name: 'a' }), '3');
      await store.set(addr({ kind: 'game', name: 'other kind' }), '4');
      await store.set(addr({ userId: '7', name: 'other user' }), '5');
      expect(await store.list('1001', 'tool')).toEqual([
        { moduleId: 'a.mod', name: 'y', json: '2' },
        { moduleId: 'b.mod', name: 'a', json: '3' },
        { moduleId: 'b.mod', name: 'z', json: '1' },
      ]);
      expect(await store.list('1001', 'event')).toEqual([]);
    });

    it('lists every entry of one module of a user and kind, ordered by name', async () => {
      await store.set(addr({ moduleId: 'b.mod', name: 'z' }), '1');
      await store.set(addr({ moduleId: 'b.mod', name: 'a:b' }), '{"x":[null]}');
      await store.set(addr({ moduleId: 'a.mod', name: 'y' }), '2');
      await store.set(addr({ moduleId: 'b.mod2', name: 'prefix' }), '3');
      await store.set(addr({ moduleId: 'b', name: 'mod:z' }), '4');
      await store.set(addr({ moduleId: 'b.mod', kind: 'game', name: 'other kind' }), '5');
      await store.set(addr({ moduleId: 'b.mod', userId: '7', name: 'other user' }), '6');
      await store.set(addr({ moduleId: 'b.mod', name: '\u{1F389}' }), '7');
      await store.set(addr({ moduleId: 'b.mod', name: '\uFF21' }), '8');
      const listed = await store.listModule!('1001', 'tool', 'b.mod');
      expect(listed).toEqual([
        { moduleId: 'b.mod', name: 'a:b', json: '{"x":[null]}' },
        { moduleId: 'b.mod', name: 'z', json: '1' },
        // JavaScript's order (UTF-16 code units), as `list` orders: the emoji's surrogate sorts before U+FF21.
        { moduleId: 'b.mod', name: '\u{1F389}', json: '7' },
        { moduleId: 'b.mod', name: '\uFF21', json: '8' },
      ]);
      expect(listed).toEqual((await store.list('1001', 'tool')).filter((entry) => entry.moduleId === 'b.mod'));
      expect(await store.listModule!('1001', 'tool', 'never.written')).toEqual([]);
      expect(await store.listModule!('1001', 'event', 'b.mod')).toEqual([]);
    });

    it('takes module ids literally: glob and escape characters match nothing else', async () => {
      await store.set(addr({ moduleId: 'a.mod', name: 'n' }), '1');
      await store.set(addr({ moduleId: 'a*', name: 'n' }), '2');
      await store.set(addr({ moduleId: 'a:b', name: 'n' }), '3');
      expect(await store.listModule!('1001', 'tool', 'a*')).toEqual([{ moduleId: 'a*', name: 'n', json: '2' }]);
      expect(await store.listModule!('1001', 'tool', 'a:b')).toEqual([{ moduleId: 'a:b', name: 'n', json: '3' }]);
      expect(await store.listModule!('1001', 'tool', 'a?mod')).toEqual([]);
      expect(await store.listModule!('1001', 'tool', 'a')).toEqual([]);
    });

    it('hands out copies from list', async () => {
      await store.set(addr(), '1');
      const [entry] = await store.list('1001', 'tool');
      entry!.json = '2';
      expect(await store.get(addr())).toBe('1');
    });

    it('keeps all of 200 concurrent writes to distinct names', async () => {
      const names = Array.from({ length: 200 }, (_, i) => `key-${i}`);
      await Promise.all(names.map((name, i) => store.set(addr({ name }), String(i))));
      const values = await Promise.all(names.map((name) => store.get(addr({ name }))));
      expect(values).toEqual(names.map((_, i) => String(i)));
      expect(await store.list('1001', 'tool')).toHaveLength(200);
    });

    it('rejects calls after close', async () => {
      await store.close();
      await expect(store.get(addr())).rejects.toThrow();
      await expect(store.set(addr(), '1')).rejects.toThrow();
      await store.close();
    });
  });
}
