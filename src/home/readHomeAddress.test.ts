import { describe, expect, it } from 'vitest';
import { readHomeAddress } from './readHomeAddress.ts';

const API = 'https://site.example/api';

describe('readHomeAddress', () => {
  it('takes the token from the fragment and gives the address without it', () => {
    expect(readHomeAddress('https://site.example/home#token=web-1', API)).toEqual({ apiBase: API, token: 'web-1', cleaned: 'https://site.example/home' });
  });

  it('takes api= from the query or the fragment, keeps it in the address, and drops a trailing slash', () => {
    const read = readHomeAddress('https://site.example/home?api=http://127.0.0.1:8787/&token=q#token=f', API);
    expect(read).toEqual({ apiBase: 'http://127.0.0.1:8787', token: 'f', cleaned: 'https://site.example/home?api=http%3A%2F%2F127.0.0.1%3A8787%2F' });
  });

  it('has no token without one, and no API base for an api= that is not http(s)', () => {
    expect(readHomeAddress('https://site.example/home', API).token).toBeUndefined();
    expect(readHomeAddress('https://site.example/home?api=javascript:alert(1)', API).apiBase).toBeNull();
    expect(readHomeAddress('https://site.example/home?api=nope', API).apiBase).toBeNull();
  });
});
