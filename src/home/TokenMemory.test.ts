import { describe, expect, it } from 'vitest';
import { tokenKey, tokenMemory } from './TokenMemory.ts';

/** A Storage in a Map, as sessionStorage behaves. */
function mapStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

describe('tokenMemory', () => {
  it('keeps a token for the API it was given for only: another API base reads none', () => {
    const storage = mapStorage();
    tokenMemory(storage, 'https://api.example').write('web-1');
    expect(tokenMemory(storage, 'https://api.example').read()).toBe('web-1');
    expect(tokenMemory(storage, 'https://evil.example').read()).toBeUndefined();
    expect(tokenMemory(storage, 'https://api.example/other').read()).toBeUndefined();
    tokenMemory(storage, 'https://evil.example').write('evil-token');
    expect(tokenMemory(storage, 'https://api.example').read()).toBe('web-1');
    tokenMemory(storage, 'https://api.example').write(undefined);
    expect([...storage.map.keys()]).toEqual([tokenKey('https://evil.example')]);
  });

  it('drops the unkeyed token of earlier versions without reading it', () => {
    const storage = mapStorage({ 'overlay.home.token': 'old' });
    expect(tokenMemory(storage, 'https://evil.example').read()).toBeUndefined();
    expect(storage.map.size).toBe(0);
  });

  it('keeps nothing, and throws nothing, where the storage throws', () => {
    const refuse = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    const memory = tokenMemory({ getItem: refuse, setItem: refuse, removeItem: refuse }, 'https://api.example');
    expect(() => memory.write('web-1')).not.toThrow();
    expect(memory.read()).toBeUndefined();
  });
});
