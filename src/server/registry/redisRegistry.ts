import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Kind, Profile } from '../../api/index.ts';
import { guardRedis, liveKey } from '../store/index.ts';
import { DEFAULT_MAX_TOKENS_PER_OVERLAY, DEFAULT_TOKEN_TTL_MS } from './memoryRegistry.ts';
import type { IssuedToken, Registry, TokenGrant } from './Registry.ts';
import type { Seed } from './seed.ts';
import { indexSeed, streamdeckGrant, streamdeckTokenOf } from './seedIndex.ts';
import { profileKey, seedProfilesToRedis } from './seedProfilesToRedis.ts';
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
}

/** What Redis keeps of an exchanged token under `registry:token:<sha256 of the token>`. */
interface StoredGrant {
  userId: string;
  overlay: Kind;
  expiresAt: string;
}

/** The key of an exchanged token: its hash, so that a dump of Redis holds no usable token. */
const tokenKey = (token: string) => `registry:token:${tokenDigest(token)}`;

/** The user of a Stream Deck token set by a replaced profile, under its hash (seeded ones are in the seed). */
const streamdeckKey = (token: string) => `registry:streamdeck:${createHash('sha256').update(token).digest('base64url')}`;

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
 */
const ISSUE = `if not redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then return 0 end
redis.call('RPUSH', KEYS[2], KEYS[1])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
while redis.call('LLEN', KEYS[2]) > tonumber(ARGV[3]) do
  local dropped = redis.call('LPOP', KEYS[2])
  if redis.call('DEL', dropped) == 1 then redis.call('PUBLISH', KEYS[3], 'revoked\\n' .. string.match(dropped, '[^:]+$')) end
end
return 1`;

/**
 * A registry that several API instances share through Redis. Seed tokens and
 * overlay ids come from the seed file, which every instance is started with
 * (fixed configuration: no round trip, and a token removed from the seed dies
 * at the next restart); profiles live in Redis, so that `replaceProfile` on one
 * instance shows on all; exchanged tokens live in Redis with their expiry as
 * TTL, so that any instance validates a token another one issued.
 */
export async function createRedisRegistry(seed: Seed, options: RedisRegistryOptions): Promise<Registry> {
  const { redis, tokenTtlMs = DEFAULT_TOKEN_TTL_MS, maxTokensPerOverlay = DEFAULT_MAX_TOKENS_PER_OVERLAY, now = Date.now } = options;
  const randomToken = options.randomToken ?? (() => randomBytes(32).toString('base64url'));
  if (!(Number.isSafeInteger(tokenTtlMs) && tokenTtlMs > 0)) throw new RangeError('tokenTtlMs must be a positive integer');
  if (!(Number.isSafeInteger(maxTokensPerOverlay) && maxTokensPerOverlay > 0)) throw new RangeError('maxTokensPerOverlay must be a positive integer');
  const { profiles, seedGrants, overlayIds, streamdeckTokens } = indexSeed(seed);
  await seedProfilesToRedis(redis, profiles.values());

  const readProfile = async (userId: string): Promise<Profile | undefined> => {
    const seeded = profiles.get(userId);
    if (!seeded) return undefined;
    const json = await guardRedis(() => redis.hget(profileKey(userId), 'profile'));
    // A Redis that lost its data still knows the seeded users.
    return json === null ? structuredClone(seeded) : (JSON.parse(json) as Profile);
  };
  /** A Stream Deck token counts only while it is the user's current profile's (a replaced profile may have changed it). */
  const resolveStreamdeck = async (token: string): Promise<TokenGrant | undefined> => {
    const userId = streamdeckTokens.get(token) ?? (await guardRedis(() => redis.get(streamdeckKey(token))));
    if (userId === null || userId === undefined || userId === '') return undefined;
    const profile = await readProfile(userId);
    return profile && streamdeckTokenOf(profile) === token ? streamdeckGrant(userId) : undefined;
  };
  return {
    async resolveToken(token) {
      const grant = seedGrants.get(token);
      if (grant) return { ...grant };
      return (await resolveIssued(redis, token, now())) ?? resolveStreamdeck(token);
    },
    async exchangeOverlayId(overlayId) {
      const owner = overlayIds.get(overlayId);
      if (!owner) return undefined;
      const token = randomToken();
      if (seedGrants.has(token)) throw new Error('randomToken returned a token already in use');
      const expiresAt = new Date(now() + tokenTtlMs).toISOString();
      const stored: StoredGrant = { userId: owner.userId, overlay: owner.kind, expiresAt };
      const list = overlayTokensKey(owner.userId, owner.kind);
      const args = [JSON.stringify(stored), String(tokenTtlMs), String(maxTokensPerOverlay)];
      const set = await guardRedis(() => redis.eval(ISSUE, 3, tokenKey(token), list, liveKey(owner.userId, owner.kind), ...args));
      if (set !== 1) throw new Error('randomToken returned a token already in use');
      return { token, userId: owner.userId, context: 'overlay', overlay: owner.kind, expiresAt } satisfies IssuedToken;
    },
    profile: readProfile,
    async replaceProfile(userId, profile) {
      const seeded = profiles.get(userId);
      if (!seeded) return false;
      const next = { ...structuredClone(profile), overlays: seeded.overlays };
      await guardRedis(() => redis.hset(profileKey(userId), 'profile', JSON.stringify(next)));
      const deck = streamdeckTokenOf(next);
      if (deck !== undefined && !seedGrants.has(deck)) await guardRedis(() => redis.set(streamdeckKey(deck), userId));
      return true;
    },
  };
}

async function resolveIssued(redis: Redis, token: string, now: number): Promise<TokenGrant | undefined> {
  const json = await guardRedis(() => redis.get(tokenKey(token)));
  if (json === null) return undefined;
  const { userId, overlay, expiresAt } = JSON.parse(json) as StoredGrant;
  if (Date.parse(expiresAt) <= now) return undefined;
  return { userId, context: 'overlay', overlay, expiresAt };
}
