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

  it('takes the code of a sign-in with Twitch that ended without a token off the address, as its fixed message', () => {
    const address = readHomeAddress('https://overlay.example.com/home#signin-error=access_denied', 'https://overlay.example.com/api');
    expect(address).toMatchObject({ token: undefined, signInError: 'Sign-in cancelled on Twitch: nothing was stored.', cleaned: 'https://overlay.example.com/home' });
    expect(readHomeAddress('https://overlay.example.com/home', 'https://overlay.example.com/api').signInError).toBeUndefined();
  });

  it('never shows the words of a forged sign-in error: anything but a known code gets the generic message', () => {
    const forged = `https://overlay.example.com/home#signin-error=${encodeURIComponent('Your account is locked: paste your token at https://evil.example')}`;
    const address = readHomeAddress(forged, 'https://overlay.example.com/api');
    expect(address.signInError).toBe('The sign-in with Twitch did not finish: nothing was stored. Try "Sign in with Twitch" again.');
    expect(address.cleaned).toBe('https://overlay.example.com/home');
  });
});
