/** A parsed `--store` value. New schemes (redis) add a member to this union. */
export type StoreSpec = { type: 'memory' } | { type: 'sqlite'; path: string; synchronous: 'full' | 'normal' };

const SUPPORTED = 'use "memory" or "sqlite:<path>" (e.g. sqlite:./data/overlay.sqlite)';

/**
 * Parses a store URL: `memory`, `sqlite:<path>` or `sqlite:<path>?synchronous=normal`.
 * Throws an Error whose message says what is wrong and what is accepted.
 */
export function parseStoreUrl(url: string): StoreSpec {
  const text = url.trim();
  if (text === 'memory' || text === 'memory:') return { type: 'memory' };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase();
  if (scheme === 'sqlite') return parseSqlite(text.slice('sqlite:'.length));
  if (scheme === 'redis' || scheme === 'rediss') {
    throw new Error(`store "${text}": the redis store is not available yet; ${SUPPORTED}`);
  }
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
