import { KINDS } from '../../api/index.ts';

/** A small seeded PRNG (mulberry32): the same seed gives the same fuzz run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const junk = (random: Random, length: number) =>
  Array.from({ length }, () => String.fromCharCode(Math.floor(random() * 0x2ff))).join('');

const TOKENS = ['', 'nope', 'site-1001', ...KINDS.map((kind) => `${kind}-1001`), 'tool-1002'];
const PATHS = ['/me', '/me/database', '/auth/validate', '/auth/overlay', '/me/', '//me', '/me/database/x', '/ME', '/', '/me%2Fdatabase'];
const METHODS = ['GET', 'PATCH', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'HEAD'];
const CONTENT_TYPES = ['application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', '', 'application/json-patch+json'];
const IDS: unknown[] = ['de.example.tool.raid', 'bad id', '', 'a:b', 'x'.repeat(129), 7, null, [], {}, undefined];
const KEYS: unknown[] = ['count', '', ':x', 'bad mod:x', 'other.mod:', 'n'.repeat(257), 'a\ud800', 1, null, undefined];

/**
 * Bodies that are wrong in some way: the fuzz run checks that none of them
 * changes stored data, so no generated PATCH may be a valid write.
 */
const MALFORMED_BODIES: Array<(random: Random) => string | Uint8Array> = [
  (r) => JSON.stringify({ id: pick(r, IDS.slice(1)), key: pick(r, KEYS), value: r() }),
  (r) => JSON.stringify({ id: pick(r, IDS), key: pick(r, KEYS.slice(1)), value: junk(r, 5) }),
  (r) => JSON.stringify({ id: 'de.example.tool.raid', key: `fuzz-${Math.floor(r() * 9)}` }),
  (r) => JSON.stringify({ id: 'de.example.tool.raid', key: 'big', value: 'v'.repeat(65_535 + Math.floor(r() * 10)) }),
  (r) => JSON.stringify(pick(r, [[], 'text', 42, null, true, [{ id: 'a', key: 'b', value: 1 }]])),
  (r) => `{"id":"de.example.tool.raid","key":"k","value":${'['.repeat(20_000 + Math.floor(r() * 5000))}`,
  (r) => `{"id":"de.example.tool.raid","key":"k","value":${'['.repeat(30_000)}${']'.repeat(30_000)}}`.slice(0, r() < 0.5 ? undefined : 50),
  (r) => junk(r, Math.floor(r() * 200)),
  (r) => Uint8Array.from({ length: 1 + Math.floor(r() * 64) }, () => Math.floor(r() * 256)),
  () => '',
  (r) => `{"id":"de.example.tool.raid","key":"k","value":1,}${junk(r, 3)}`,
];

function randomQuery(random: Random): string {
  const parts: string[] = [];
  const count = Math.floor(random() * 4);
  for (let i = 0; i < count; i++) {
    const name = pick(random, ['id', 'key', 'id', 'x', '%zz', '', 'key[]']);
    const value = pick(random, ['de.example.tool.raid', 'count', 'bad%20id', '%', '%E0%A4%A', 'a:b:c', encodeURIComponent(junk(random, 8))]);
    parts.push(`${name}=${value}`);
  }
  return parts.length > 0 || random() < 0.3 ? `?${parts.join('&')}` : '';
}

function randomHeaders(random: Random): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = pick(random, TOKENS);
  const scheme = pick(random, ['Bearer ', 'bearer ', 'Basic ', '', 'Bearer  ', 'Bearer\t']);
  if (random() < 0.85) headers.Authorization = `${scheme}${token}${random() < 0.1 ? ' extra' : ''}`;
  if (random() < 0.8) headers['Content-Type'] = pick(random, CONTENT_TYPES);
  if (random() < 0.2) headers['X-Fuzz'] = encodeURIComponent(junk(random, 10));
  if (random() < 0.1) headers.Accept = pick(random, ['text/html', '*/*', 'application/xml']);
  return headers;
}

/** Mostly the real endpoints with their own method, so that requests get past routing and auth. */
const TARGETS: Array<[string, string]> = [
  ['PATCH', '/me/database'],
  ['PATCH', '/me/database'],
  ['PATCH', '/me/database'],
  ['GET', '/me/database'],
  ['GET', '/me/database'],
  ['POST', '/auth/overlay'],
  ['GET', '/me'],
  ['GET', '/auth/validate'],
];

/** One random request that must not be a valid write. */
export function randomRequest(random: Random): FuzzRequest {
  const targeted = random() < 0.7;
  const [method, basePath] = targeted ? pick(random, TARGETS) : [pick(random, METHODS), pick(random, PATHS)];
  const path = basePath + randomQuery(random);
  const headers = randomHeaders(random);
  if (targeted && random() < 0.6) headers.Authorization = `Bearer ${pick(random, TOKENS.slice(3))}`;
  if (targeted && random() < 0.6) headers['Content-Type'] = 'application/json';
  const canHaveBody = method !== 'GET' && method !== 'HEAD';
  const body = canHaveBody && random() < 0.9 ? pick(random, MALFORMED_BODIES)(random) : undefined;
  if (method === 'PATCH' && body === undefined) headers['Content-Type'] = 'application/json';
  return { method, path, headers, body };
}

/** Raw HTTP that Node's parser must refuse, each answered without a 500. */
export const MALFORMED_HTTP = [
  'GARBAGE\r\n\r\n',
  'GET /me HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n',
  'patch /me/database HTTP/1.1\r\nHost: x\r\n\r\n',
  'GET /me HTTP/9.9\r\nHost: x\r\n\r\n',
  'GET /me HTTP/1.1\r\n\r\n',
  'PATCH /me/database HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\n',
  'PATCH /me/database HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
  'PATCH /me/database HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab',
  `GET /me HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
  'GET /me\\..\\ HTTP/1.1\r\nHost: x\r\n\r\n',
  'GET /me HTTP/1.1\r\nHost: bad host name\r\n\r\n',
  '\u0000\u0001\u0002\r\n\r\n',
];
