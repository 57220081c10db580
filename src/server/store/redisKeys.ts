import { isKind, type Kind } from '../../api/index.ts';
import type { DataAddress } from './DataStore.ts';

/**
 * Key layout of the redis store, as the hosted service lays it out:
 * `database:<userId>:<kind>:<moduleId>:<name>`. Names may contain `:`, which
 * is fine because they come last; user and module ids never contain `:` once
 * validated, and are percent-escaped (`%` and `:` only) so that even an
 * unvalidated id cannot make two addresses share a key.
 */
export function dataKey({ userId, kind, moduleId, name }: DataAddress): string {
  return `${spacePrefix(userId, kind)}${escapeKeyPart(moduleId)}:${name}`;
}

/** The common prefix of every key of one user and kind. */
export function spacePrefix(userId: string, kind: Kind): string {
  return `database:${escapeKeyPart(userId)}:${kind}:`;
}

/** A SCAN MATCH pattern for every key of one user and kind: the prefix with its glob characters escaped. */
export function spacePattern(userId: string, kind: Kind): string {
  return `${escapeGlob(spacePrefix(userId, kind))}*`;
}

/**
 * A space's live stream and the pub/sub channel of the same name, on which its
 * writes and the revocations of its overlay tokens reach every instance
 * (live/redisChangeFeed.ts, registry/redisRegistry.ts).
 */
export function liveKey(userId: string, kind: Kind): string {
  return `live:${escapeKeyPart(userId)}:${kind}`;
}

/**
 * The index (see redisIndex.ts): the SET of names one module of a user and kind
 * has written, so that the module's read touches only its own keys.
 */
export function namesKey(userId: string, kind: Kind, moduleId: string): string {
  return `index:names:${escapeKeyPart(userId)}:${kind}:${escapeKeyPart(moduleId)}`;
}

/** The SET of module ids that have names in one user's and kind's space: what `list` reads. */
export function modulesKey(userId: string, kind: Kind): string {
  return `index:modules:${escapeKeyPart(userId)}:${kind}`;
}

/** How far the one-time backfill of a space's index got: `<run id>:<cursor>` to go on from, or `done`. */
export function backfillKey(userId: string, kind: Kind): string {
  return `index:backfill:${escapeKeyPart(userId)}:${kind}`;
}

/** How far the one pass over every space got (backfillAll.ts): `<run id>:<cursor>`, then `done`. */
export const BACKFILL_ALL_KEY = 'index:backfill-all';

/** Set once the pass over every space has indexed every data key: reads then never backfill. */
export const INDEX_COMPLETE_KEY = 'index:complete';

/** A SCAN MATCH pattern for every data key. */
export const DATA_PATTERN = 'database:*';

/** The address a data key holds, whatever its space; undefined for a key of another layout. */
export function parseAnyDataKey(key: string): DataAddress | undefined {
  const space = /^database:([^:]+):([^:]+):/.exec(key);
  if (!space || !isKind(space[2])) return undefined;
  const address = parseDataKey(key, space[0]);
  return address && { userId: unescapeKeyPart(space[1]!), kind: space[2], ...address };
}

/** Module id and name of a key found under `prefix`; undefined for a key of another layout. */
export function parseDataKey(key: string, prefix: string): { moduleId: string; name: string } | undefined {
  if (!key.startsWith(prefix)) return undefined;
  const rest = key.slice(prefix.length);
  const colon = rest.indexOf(':');
  if (colon <= 0) return undefined;
  return { moduleId: unescapeKeyPart(rest.slice(0, colon)), name: rest.slice(colon + 1) };
}

/** `%` and `:` as `%25` and `%3A`; valid ids (digits; letters, digits, `.`, `_`, `-`) are unchanged. */
export function escapeKeyPart(part: string): string {
  return part.replace(/[%:]/g, (c) => (c === '%' ? '%25' : '%3A'));
}

function unescapeKeyPart(part: string): string {
  return part.replace(/%3A|%25/g, (c) => (c === '%25' ? '%' : ':'));
}

/** Escapes Redis glob characters (`* ? [ ] \`) so that a MATCH pattern takes them literally. */
export function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}
