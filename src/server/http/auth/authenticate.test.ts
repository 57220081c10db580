import { describe, expect, it } from 'vitest';
import { bearerToken } from './authenticate.ts';

describe('bearerToken', () => {
  it('reads the token of a Bearer header, scheme in any case', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('BEARER   abc  ')).toBe('abc');
    expect(bearerToken('Bearer\tabc')).toBe('abc');
  });

  it('finds no token without the scheme, or with an empty token', () => {
    for (const header of [null, '', 'Bearer', 'Bearer ', 'Bearer \t ', 'Basic abc', 'Bearerabc', 'abc', 'Token abc']) {
      expect(bearerToken(header)).toBeUndefined();
    }
  });

  it('keeps inner spaces, so such a token is merely unknown', () => {
    expect(bearerToken('Bearer a b')).toBe('a b');
  });
});
