import { describe, expect, it } from 'vitest';
import { parseStoreUrl } from './parseStoreUrl.ts';

describe('parseStoreUrl', () => {
  it('parses memory and sqlite paths', () => {
    expect(parseStoreUrl('memory')).toEqual({ type: 'memory' });
    expect(parseStoreUrl('sqlite:./data/overlay.sqlite')).toEqual({
      type: 'sqlite',
      path: './data/overlay.sqlite',
      synchronous: 'full',
    });
    expect(parseStoreUrl('sqlite:/var/lib/o.db?synchronous=normal')).toEqual({
      type: 'sqlite',
      path: '/var/lib/o.db',
      synchronous: 'normal',
    });
  });

  it('rejects other stores with a message saying what is accepted', () => {
    expect(() => parseStoreUrl('sqlite:')).toThrow(/file path/);
    expect(() => parseStoreUrl('postgres://x')).toThrow(/unsupported store "postgres:\/\/x".*memory.*sqlite:<path>/);
    expect(() => parseStoreUrl('redis://127.0.0.1:6379')).toThrow(/redis store is not available yet/);
    expect(() => parseStoreUrl('sqlite:x.db?synchronous=off')).toThrow(/synchronous must be/);
    expect(() => parseStoreUrl('sqlite:x.db?cache=1')).toThrow(/unknown option "cache"/);
    expect(() => parseStoreUrl('')).toThrow(/unsupported store/);
  });
});
