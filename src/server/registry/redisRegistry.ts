import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Kind } from '../../api/index.ts';
import { guardRedis, liveKey } from '../store/index.ts';
import { freshSecret } from './freshSecret.ts';
import { DEFAULT_MAX_TOKENS_PER_OVERLAY, DEFAULT_TOKEN_TTL_MS } from './memoryRegistry.ts';
import { createProfileStore } from './createProfileStore.ts';
import { resolveGrant } from './resolveGrant.ts';
import { createProfileBook } from './profileBook.ts';
import type { IssuedToken, Registry, TokenGrant, TokenRegistry } from './Registry.ts';
import { createRedisProfileRecords, profileKey } from './redisProfileRecords.ts';
import type { Seed } from './seed.ts';
import { indexSeed } from './seedIndex.ts';
import { tokenDigest } from './tokenDigest.ts';

export interface RedisRegistryOptions {
  /** A ready client, usually the redis store's (`store.redis`); the registry never closes it. */
  redis: Redis;
  /** Lifetime of an exchanged overlay token, kept as its Redis TTL. @default 24 hours */
  tokenTtlMs?: number;
  /** Exchanged tokens alive per overlay id, the oldest dropped first. @default 32 */
  maxTokensPerOverlay?: number;
  /** Current time in ms since the epoch. @default Date.now */
  now?: () => number;
  /** A fresh unguessable token. @default 32 random bytes, base64url */
  randomToken?: () => string;
  /** A fresh secret for a rotated overlay id or Stream Deck token. @default 24 random bytes, base64url */
  randomSecret?: () => string;
}

/** What Redis keeps of an exchanged token under `registry:token:<sha256 of the token>`. */
interface StoredGrant {
  userId: string;
  overlay: Kind;
  expiresAt: string;
}

/** The key of an exchanged token: its hash, so that a dump of Redis holds no usable token. */
const tokenKey = (token: string) => `registry:token:${tokenDigest(token)}`;

/** The token keys of one overlay, oldest first: the cap drops from the front. */
const overlayTokensKey = (userId: string, kind: Kind) => `registry:overlay-tokens:${userId}:${kind}`;

/**
 * Stores a token and caps its overlay's live tokens in one step, so that two
 * instances exchanging at once cannot both keep one over the cap. The list may
 * name tokens already expired: all share one TTL, so those sit at its front and
 * go first. (It deletes keys it reads from the list: fine on one Redis, not on a cluster.)
 * Each token dropped while still alive is announced as `revoked\n<digest>` on
 * the space's live channel (KEYS[3]): every instance with a live connection of
 * that space listens there, so one holding the token closes it at once.
 * A stored profile (KEYS[4]) whose overlay of that kind (ARGV[4]) is no longer
 * the exchanged id (ARGV[5]) was rotated meanwhile: nothing is issued (-1).
 */
const ISSUE = `local stored = redis.call('HGET', KEYS[4], 'profile')
if stored and cjson.decode(stored).overlays[ARGV[4]] ~= ARGV[5] then return -1 end
if not redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then return 0 end
redis.call('RPUSH', KEYS[2], KEYS[1])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
while redis.call('LLEN', KEYS[2]) > tonumber(ARGV[3]) do
  local dropped = redis.call('LPOP', KEYS[2])
  if redis.call('DEL', dropped) == 1 then redis.call('PUBLISH', KEYS[3], 'revoked\\n' .. string.match(dropped, '[^:]+$')) end
end
return 1`;

/** Drops every token of an overlay whose id was rotated (KEYS[1] its list), each announced on the space's channel (KEYS[2]). */
const REVOKE_OVERLAY = `for _, key in ipairs(redis.call('LRANGE', KEYS[1], 0, -1)) do
  if redis.call('DEL', key) == 1 then redis.call('PUBLISH', KEYS[2], 'revoked\\n' .. string.match(key, '[^:]+$')) end
end
redis.call('DEL', KEYS[1])
return 1`;

/**
 * A registry that several API instances share through Redis. Seed tokens come
 * from the seed file, which every instance is started with (fixed
 * configuration: no round trip, and a token removed from the seed dies at the
 * next restart); profiles, their indexes and layouts live in Redis
 * (redisProfileRecords.ts) and are read there each time, so a write on one
 * instance shows on all at once; exchanged tokens live in Redis with their
 * expiry as TTL, so that any instance validates a token another one issued.
 */
export async function createRedisRegistry(seed: Seed, options: RedisRegistryOptions): Promise<Registry> {
  const { redis, tokenTtlMs = DEFAULT_TOKEN_TTL_MS, maxTokensPerOverlay = DEFAULT_MAX_TOKENS_PER_OVERLAY, now = Date.now, randomSecret = freshSecret } = options;
  const randomToken = options.randomToken ?? (() => randomBytes(32).toString('base64url'));
  if (!(Number.isSafeInteger(tokenTtlMs) && tokenTtlMs > 0)) throw new RangeError('tokenTtlMs must be a positive integer');
  if (!(Number.isSafeInteger(maxTokensPerOverlay) && maxTokensPerOverlay > 0)) throw new RangeError('maxTokensPerOverlay must be a positive integer');
  const index = indexSeed(seed);
  const book = createProfileBook(createRedisProfileRecords(redis), index);
  const issue = async (userId: string, kind: Kind, overlayId: string): Promise<IssuedToken | undefined> => {
    const token = randomToken();
    if (index.seedGrants.has(token)) throw new Error('randomToken returned a token already in use');
    const expiresAt = new Date(now() + tokenTtlMs).toISOString();
    const stored: StoredGrant = { userId, overlay: kind, expiresAt };
    const keys = [tokenKey(token), overlayTokensKey(userId, kind), liveKey(userId, kind), profileKey(userId)];
    const args = [JSON.stringify(stored), String(tokenTtlMs), String(maxTokensPerOverlay), kind, overlayId];
    const set = await guardRedis(() => redis.eval(ISSUE, 4, ...keys, ...args));
    if (set === -1) return undefined;
    if (set !== 1) throw new Error('randomToken returned a token already in use');
    return { token, userId, context: 'overlay', overlay: kind, expiresAt };
  };
  const profiles = createProfileStore(book, {
    randomSecret,
    overlayRotated: (userId, kind) => guardRedis(() => redis.eval(REVOKE_OVERLAY, 2, overlayTokensKey(userId, kind), liveKey(userId, kind))).then(() => {}),
  });
  const tokens: TokenRegistry = {
    resolveToken: (token) => resolveGrant(token, index, book, (each) => resolveIssued(redis, each, now())),
    async exchangeOverlayId(overlayId) {
      const owner = await book.ownerOfOverlay(overlayId);
      return owner && issue(owner.userId, owner.kind, overlayId);
    },
  };
  return { ...tokens, ...profiles };
}

async function resolveIssued(redis: Redis, token: string, now: number): Promise<TokenGrant | undefined> {
  const json = await guardRedis(() => redis.get(tokenKey(token)));
  if (json === null) return undefined;
  const { userId, overlay, expiresAt } = JSON.parse(json) as StoredGrant;
  if (Date.parse(expiresAt) <= now) return undefined;
  return { userId, context: 'overlay', overlay, expiresAt };
}
