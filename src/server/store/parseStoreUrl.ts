/** A parsed `--store` value. */
export type StoreSpec =
  | { type: 'memory' }
  | { type: 'sqlite'; path: string; synchronous: 'full' | 'normal' }
  | RedisStoreSpec;

/** `redis://[[user]:password@]host[:port][/db]`; `rediss://` for TLS. */
export interface RedisStoreSpec {
  type: 'redis';
  host: string;
  port: number;
  db: number;
  tls: boolean;
  username?: string;
  password?: string;
  /** Seconds a value lives after its last write; undefined keeps values forever (`--value-ttl-days`). */
  valueTtlSeconds?: number;
}

const SUPPORTED =
  'use "memory" or "sqlite:<path>" (e.g. sqlite:./data/overlay.sqlite) or "redis://host:port[/db]" (e.g. redis://127.0.0.1:6379/0)';

/**
 * Parses a store URL: `memory`, `sqlite:<path>[?synchronous=normal]` or `redis://host:port[/db]`.
 * Throws an Error whose message says what is wrong and what is accepted.
 */
export function parseStoreUrl(url: string): StoreSpec {
  const text = url.trim();
  if (text === 'memory' || text === 'memory:') return { type: 'memory' };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase();
  if (scheme === 'sqlite') return parseSqlite(text.slice('sqlite:'.length));
  if (scheme === 'redis' || scheme === 'rediss') return parseRedis(text);
  throw new Error(`unsupported store "${text}"; ${SUPPORTED}`);
}

function parseSqlite(rest: string): StoreSpec {
  const query = rest.indexOf('?');
  const path = query === -1 ? rest : rest.slice(0, query);
  if (path === '') throw new Error(`sqlite store needs a file path; ${SUPPORTED}`);
  let synchronous: 'full' | 'normal' = 'full';
  for (const [name, value] of new URLSearchParams(query === -1 ? '' : rest.slice(query + 1))) {
    if (name !== 'synchronous') throw new Error(`sqlite store: unknown option "${name}" (known: synchronous)`);
    if (value !== 'full' && value !== 'normal') {
      throw new Error(`sqlite store: synchronous must be "full" or "normal", got "${value}"`);
    }
    synchronous = value;
  }
  return { type: 'sqlite', path, synchronous };
}

function parseRedis(text: string): RedisStoreSpec {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`redis store "${redactStoreUrl(text)}" is not a valid URL; ${SUPPORTED}`);
  }
  const where = `redis store "${redactStoreUrl(text)}"`;
  if (url.hostname === '') throw new Error(`${where} needs a host; ${SUPPORTED}`);
  if (url.search !== '' || url.hash !== '') throw new Error(`${where}: no query or fragment is accepted`);
  const dbText = url.pathname.replace(/^\//, '');
  if (!/^\d{0,5}$/.test(dbText)) throw new Error(`${where}: the path must be a database number, got "/${dbText}"`);
  const spec: RedisStoreSpec = {
    type: 'redis',
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? 6379 : Number(url.port),
    db: dbText === '' ? 0 : Number(dbText),
    tls: url.protocol === 'rediss:',
  };
  if (url.username !== '') spec.username = decodeURIComponent(url.username);
  if (url.password !== '') spec.password = decodeURIComponent(url.password);
  return spec;
}

/** The URL without its password, for log lines and messages. */
export function redactStoreUrl(url: string): string {
  return url.replace(/^(rediss?:\/\/[^:@/]*:)[^@/]*@/i, '$1***@');
}
