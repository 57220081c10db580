import { parseApiBase, SIGN_IN_ERROR_PARAM, signInErrorMessage, TOKEN_PARAM } from '../../api/index.ts';

export interface HomeAddress {
  /** The API's base URL without a trailing slash; null when `api=` is not an http(s) URL. */
  apiBase: string | null;
  /** A website token handed over in the address (`#token=`, or `?token=`), if any. */
  token: string | undefined;
  /**
   * Why a sign-in with Twitch ended here without a token, if it did: the fixed message of the code in
   * `#signin-error=` (set by the server's callback). Never the address's own words: anyone can write them.
   */
  signInError: string | undefined;
  /** The same address without the token (and the sign-in's message), for `history.replaceState`: a token never stays in the address bar. */
  cleaned: string;
}

/**
 * Reads the home page's address: `api=` (default `defaultApi`, the serving
 * origin's `/api`) and `token=`, from the query or the fragment (a fragment
 * value wins, as on the overlay page).
 */
export function readHomeAddress(href: string, defaultApi: string): HomeAddress {
  const url = new URL(href);
  const query = new URLSearchParams(url.search);
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ''));
  const token = fragment.get(TOKEN_PARAM) || query.get(TOKEN_PARAM) || undefined;
  const apiBase = parseApiBase(fragment.get('api') ?? query.get('api') ?? defaultApi);
  const code = fragment.get(SIGN_IN_ERROR_PARAM);
  const signInError = code === null ? undefined : signInErrorMessage(code);
  query.delete(TOKEN_PARAM);
  fragment.delete(TOKEN_PARAM);
  fragment.delete(SIGN_IN_ERROR_PARAM);
  url.search = query.toString();
  url.hash = fragment.toString();
  return { apiBase, token, signInError, cleaned: url.href };
}
