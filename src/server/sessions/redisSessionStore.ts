import type { Redis } from 'ioredis';
import type { SessionStore, WebsiteSession } from './SessionStore.ts';

/** Key names, outside the `database:` space the data API reads; shared by every instance. */
export const SESSION_KEYS = {
  /** A session's JSON under its token's digest, expiring with the session. */
  session: (digest: string) => `website:session:${digest}`,
  /** A user's sessions: a hash of session id to digest. */
  user: (userId: string) => `website:sessions:${userId}`,
  /** A sign-in state, expiring with it. */
  state: (state: string) => `website:signin:${state}`,
};

/**
 * Sessions on the store's Redis: every instance reads the same keys and keeps
 * no copy, so a sign-out on one instance is refused on the others at once.
 */
export function createRedisSessionStore(redis: Redis): SessionStore {
  const parse = (json: string | null) => (json === null ? undefined : (JSON.parse(json) as WebsiteSession));
  return {
    async add(digest, session) {
      const key = SESSION_KEYS.session(digest);
      await redis.multi().set(key, JSON.stringify(session), 'PXAT', session.expiresAt).hset(SESSION_KEYS.user(session.userId), session.id, digest).exec();
    },
    async find(digest) {
      return parse(await redis.get(SESSION_KEYS.session(digest)));
    },
    async touch(digest, at) {
      const found = parse(await redis.get(SESSION_KEYS.session(digest)));
      // XX: a session dropped meanwhile stays dropped.
      if (found) await redis.set(SESSION_KEYS.session(digest), JSON.stringify({ ...found, lastUsedAt: at }), 'KEEPTTL', 'XX');
    },
    async list(userId) {
      const ids = await redis.hgetall(SESSION_KEYS.user(userId));
      const entries = Object.entries(ids);
      if (entries.length === 0) return [];
      const jsons = await redis.mget(entries.map(([, digest]) => SESSION_KEYS.session(digest)));
      // Expired sessions vanish from Redis by themselves; their index entries go here.
      const gone = entries.filter((_, i) => jsons[i] === null).map(([id]) => id);
      if (gone.length > 0) await redis.hdel(SESSION_KEYS.user(userId), ...gone);
      return jsons.flatMap((json) => parse(json) ?? []).sort((a, b) => a.createdAt - b.createdAt);
    },
    async removeById(userId, id) {
      const digest = await redis.hget(SESSION_KEYS.user(userId), id);
      if (digest === null) return false;
      const [[, removed] = []] = (await redis.multi().del(SESSION_KEYS.session(digest)).hdel(SESSION_KEYS.user(userId), id).exec()) ?? [];
      return removed === 1;
    },
    async removeByDigest(digest) {
      const found = parse(await redis.getdel(SESSION_KEYS.session(digest)));
      if (!found) return false;
      await redis.hdel(SESSION_KEYS.user(found.userId), found.id);
      return true;
    },
    async putState(state, value) {
      await redis.set(SESSION_KEYS.state(state), JSON.stringify(value), 'PXAT', value.expiresAt);
    },
    async takeState(state) {
      // GETDEL: of two instances finishing the same sign-in, one gets it.
      const json = await redis.getdel(SESSION_KEYS.state(state));
      return json === null ? undefined : JSON.parse(json);
    },
    async close() {},
  };
}
