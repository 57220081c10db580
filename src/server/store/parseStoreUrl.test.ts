import { describe, expect, it } from 'vitest';
import { parseStoreUrl, redactStoreUrl } from './parseStoreUrl.ts';

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
    expect(() => parseStoreUrl('sqlite:x.db?synchronous=off')).toThrow(/synchronous must be/);
    expect(() => parseStoreUrl('sqlite:x.db?cache=1')).toThrow(/unknown option "cache"/);
    expect(() => parseStoreUrl('')).toThrow(/unsupported store/);
  });
});

describe('parseStoreUrl: redis', () => {
  it('parses host, port (default 6379), database (default 0), credentials and TLS', () => {
    expect(parseStoreUrl('redis://127.0.0.1:6380/2')).toEqual({ type: 'redis', host: '127.0.0.1', port: 6380, db: 2, tls: false });
    expect(parseStoreUrl('redis://cache.internal')).toEqual({ type: 'redis', host: 'cache.internal', port: 6379, db: 0, tls: false });
    expect(parseStoreUrl('rediss://app:s%40cret@[::1]:7000/')).toEqual({
      type: 'redis',
      host: '::1',
      port: 7000,
      db: 0,
      tls: true,
      username: 'app',
      password: 's@cret',
    });
  });

  it('names what is wrong, never the password', () => {
    expect(() => parseStoreUrl('redis://:pw@host:6379/x')).toThrow(/redis store "redis:\/\/:\*\*\*@host:6379\/x": the path must be a database number/);
    expect(() => parseStoreUrl('redis://host:99999')).toThrow(/not a valid URL/);
    expect(() => parseStoreUrl('redis://host/0?tls=1')).toThrow(/no query or fragment/);
    expect(() => parseStoreUrl('redis://')).toThrow(/needs a host|not a valid URL/);
  });

  it('redacts the password of a URL for log lines', () => {
    expect(redactStoreUrl('redis://user:pw@host:1/0')).toBe('redis://user:***@host:1/0');
    expect(redactStoreUrl('redis://host:1/0')).toBe('redis://host:1/0');
    expect(redactStoreUrl('sqlite:./a:b@c')).toBe('sqlite:./a:b@c');
  });
});

