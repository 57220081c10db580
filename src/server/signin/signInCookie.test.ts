import { describe, expect, it } from 'vitest';
import { cookieHoldsState, signInCookie, spentSignInCookie } from './signInCookie.ts';

const STATE = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';

describe('the sign-in cookie', () => {
  it('is found among other cookies, also when the browser sends two of its name', () => {
    expect(cookieHoldsState(`theme=dark; overlay_signin=${STATE}; other=1`, STATE)).toBe(true);
    expect(cookieHoldsState(`overlay_signin=${'x'.repeat(32)}; overlay_signin=${STATE}`, STATE)).toBe(true);
  });

  it('refuses a missing cookie, another state, a prefix, an empty state, or the state under another name', () => {
    expect(cookieHoldsState(null, STATE)).toBe(false);
    expect(cookieHoldsState('', STATE)).toBe(false);
    expect(cookieHoldsState(`overlay_signin=${'x'.repeat(32)}`, STATE)).toBe(false);
    expect(cookieHoldsState(`overlay_signin=${STATE.slice(0, 16)}`, STATE)).toBe(false);
    expect(cookieHoldsState('overlay_signin=', '')).toBe(false);
    expect(cookieHoldsState(`xoverlay_signin=${STATE}`, STATE)).toBe(false);
  });

  it('is Secure on an https public URL only, and limited to the callback under the public URL\'s path', () => {
    expect(signInCookie(STATE, { publicUrl: 'http://127.0.0.1:8080' })).toBe(`overlay_signin=${STATE}; Max-Age=600; Path=/auth/twitch/callback; HttpOnly; SameSite=Lax`);
    expect(signInCookie(STATE, { publicUrl: 'https://example.com/overlay' })).toBe(`overlay_signin=${STATE}; Max-Age=600; Path=/overlay/auth/twitch/callback; HttpOnly; SameSite=Lax; Secure`);
    expect(spentSignInCookie({ publicUrl: 'https://example.com' })).toBe('overlay_signin=; Max-Age=0; Path=/auth/twitch/callback; HttpOnly; SameSite=Lax; Secure');
  });
});
