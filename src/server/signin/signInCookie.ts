import { timingSafeEqual } from 'node:crypto';
import { callbackUrl, type SignUpSettings } from './SignUpSettings.ts';

/**
 * The cookie that ties a sign-in to the browser that started it. The state
 * alone lives on the server, so a callback address an attacker prepared (with
 * their own state and code) would sign any browser in to the attacker's
 * account (login CSRF); with the cookie, only the browser holding the state
 * finishes it.
 */
export const SIGN_IN_COOKIE = 'overlay_signin';

/** As long as the state itself is valid. */
const MAX_AGE_SECONDS = 600;

/**
 * `Set-Cookie` of `GET /auth/twitch`: the state, HttpOnly (no script reads it),
 * `SameSite=Lax` (sent on Twitch's top-level redirect back, never on a
 * cross-site subrequest), `Secure` on an https public URL, and sent to the
 * callback's path only.
 */
export function signInCookie(state: string, settings: Pick<SignUpSettings, 'publicUrl'>): string {
  return serialize(state, MAX_AGE_SECONDS, settings);
}

/** `Set-Cookie` of the callback: the cookie is spent with the state, whatever the outcome. */
export function spentSignInCookie(settings: Pick<SignUpSettings, 'publicUrl'>): string {
  return serialize('', 0, settings);
}

/** Whether a `Cookie` header holds the sign-in cookie of `state` (compared in constant time). */
export function cookieHoldsState(header: string | null, state: string): boolean {
  if (!header || !state) return false;
  const wanted = Buffer.from(state);
  return valuesOf(header).some((value) => {
    const given = Buffer.from(value);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  });
}

function serialize(value: string, maxAge: number, settings: Pick<SignUpSettings, 'publicUrl'>): string {
  const callback = new URL(callbackUrl(settings));
  const secure = callback.protocol === 'https:' ? '; Secure' : '';
  return `${SIGN_IN_COOKIE}=${value}; Max-Age=${maxAge}; Path=${callback.pathname}; HttpOnly; SameSite=Lax${secure}`;
}

/** Every value of the sign-in cookie in a `Cookie` header (a browser may send two of one name with other paths). */
function valuesOf(header: string): string[] {
  return header.split(';').flatMap((pair) => {
    const at = pair.indexOf('=');
    return at > 0 && pair.slice(0, at).trim() === SIGN_IN_COOKIE ? [pair.slice(at + 1).trim()] : [];
  });
}
