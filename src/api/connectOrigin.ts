import * as z from 'zod/mini';

/** Hosts a module may reach over plain `http:`/`ws:`: this machine, for development. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1']);

const HOST = /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/;

/** At most this many origins in a module's `connect`. */
export const MAX_CONNECT_ORIGINS = 32;

/**
 * Why `entry` cannot be one of a module's `connect` origins, or `undefined` when it
 * can: an origin written exactly as the browser spells it (`https://api.example.com`,
 * `wss://chat.example.com:8443`), https or wss; http or ws only for `localhost`
 * and `127.0.0.1` (any port). No path, query, user or wildcard: the entry becomes a
 * source of the module's Content-Security-Policy, where a path or a `*` would widen it.
 */
export function connectOriginProblem(entry: string): string | undefined {
  const example = 'e.g. "https://api.example.com"';
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return `${JSON.stringify(entry)} is not an origin, ${example}`;
  }
  const secure = url.protocol === 'https:' || url.protocol === 'wss:';
  const plain = url.protocol === 'http:' || url.protocol === 'ws:';
  if (!secure && !plain) return `${JSON.stringify(entry)} must start with https:// or wss://, ${example}`;
  if (plain && !LOOPBACK_HOSTS.has(url.hostname)) {
    return `${JSON.stringify(entry)} must use https:// or wss:// (http:// and ws:// only for localhost and 127.0.0.1)`;
  }
  // A `*`, `;`, `,`, quote or space would change the policy the entry is written into.
  if (!HOST.test(url.hostname)) return `${JSON.stringify(entry)} must name one host (letters, digits, "-" and "."; no wildcard)`;
  if (url.origin !== entry) return `${JSON.stringify(entry)} must be an origin only, written as ${JSON.stringify(url.origin)} (no path, query, user or trailing slash)`;
  return undefined;
}

/** The manifest's `connect`: origins the module talks to, each checked by `connectOriginProblem`. */
export const ConnectSchema = z.array(z.string().check(z.refine((entry) => connectOriginProblem(entry) === undefined, { error: (issue) => connectOriginProblem(String(issue.input)) ?? 'invalid origin' }))).check(z.maxLength(MAX_CONNECT_ORIGINS));
