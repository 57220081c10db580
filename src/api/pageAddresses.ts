// The addresses of the site's pages that carry something in their fragment
// (which the browser never sends to a server): a website token handed to a
// page, or the code of a sign-in that ended without one (signInErrors.ts).

/** The home page, under the site's root. */
export const HOME_PAGE_PATH = '/home';

/** The dock page, under the site's root. */
export const DOCK_PAGE_PATH = '/dock';

/** The address parameter (fragment, or query) that hands a page the website token. */
export const TOKEN_PARAM = 'token';

/** The fragment parameter with the code of a sign-in with Twitch that ended without a token. */
export const SIGN_IN_ERROR_PARAM = 'signin-error';

/** `<page>#token=<token>`; `token` as written (a placeholder such as `<the token kept in ...>` stays readable). */
export function withTokenFragment(pageUrl: string, token: string): string {
  return `${pageUrl}#${TOKEN_PARAM}=${token}`;
}

/** `<page>#signin-error=<code>`. */
export function withSignInErrorFragment(pageUrl: string, code: string): string {
  return `${pageUrl}#${SIGN_IN_ERROR_PARAM}=${code}`;
}
