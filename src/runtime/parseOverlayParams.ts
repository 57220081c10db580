import { isKind, type Kind, parseApiBase } from '../api/index.ts';

/** How the page gets its token: exchange an overlay id, or use a token as given. */
export type OverlayAuth = { overlay: string } | { token: string; kind?: Kind };

export interface OverlayParams {
  auth: OverlayAuth;
  /** Base URL of the API, without a trailing slash. */
  apiBase: string;
  debug: boolean;
}

export type ParseResult = { ok: true; params: OverlayParams } | { ok: false; error: string };

/**
 * Reads the page's parameters from the query string and the `#fragment`
 * (a fragment value wins: it never reaches a server). The address is left as it
 * is, so a refresh of the browser source brings the overlay back.
 */
export function parseOverlayParams(href: string, defaultApi: string): ParseResult {
  const url = new URL(href);
  const merged = new URLSearchParams(url.search);
  new URLSearchParams(url.hash.replace(/^#/, '')).forEach((value, key) => {
    merged.set(key, value);
  });
  const debug = merged.get('debug') === '1' || merged.get('debug') === 'true';
  const apiBase = parseApiBase(merged.get('api') ?? defaultApi);
  if (apiBase === null) return { ok: false, error: 'api must be an http(s) URL, e.g. api=http://127.0.0.1:8787' };
  const auth = parseAuth(merged);
  if (typeof auth === 'string') return { ok: false, error: auth };
  return { ok: true, params: { auth, apiBase, debug } };
}

function parseAuth(params: URLSearchParams): OverlayAuth | string {
  const overlay = params.get('overlay');
  const token = params.get('token');
  const kind = params.get('kind');
  if (kind !== null && !isKind(kind)) return `kind must be one of game, tool, background, event (got "${kind}")`;
  if (overlay) return { overlay };
  if (token) return kind ? { token, kind } : { token };
  return 'the address needs overlay=<overlay id>, or token=<token> (with kind=<kind>)';
}
