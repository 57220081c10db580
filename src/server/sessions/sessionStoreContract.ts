import { describe, expect, it } from 'vitest';
import { createMemoryRegistry, DEMO_PROFILE, DEMO_SEED, DEMO_TOKENS, tokenDigest } from '../registry/index.ts';
import { createWebsiteSessions } from './createWebsiteSessions.ts';
import type { SessionStore } from './SessionStore.ts';
import { withSessions } from './withSessions.ts';

/**
 * Opens two session stores on one fresh shared state (two API instances on
 * one Redis or one SQLite file; the same store twice for memory). `now` is the
 * clock the stores sweep with.
 */
export type OpenSessionStorePair = (now: () => number) => Promise<[SessionStore, SessionStore]>;

const DAY = 86_400_000;
const USER = DEMO_PROFILE.user.userId;

async function world(openPair: OpenSessionStorePair) {
  // Real time: Redis expires keys by its own clock.
  let now = Date.now();
  const clock = () => now;
  const [a, b] = await openPair(clock);
  const one = createWebsiteSessions({ store: a, now: clock, sessionDays: 30 });
  const two = createWebsiteSessions({ store: b, now: clock, sessionDays: 30 });
  return { one, two, advance: (ms: number) => (now += ms), now: clock };
}

/** The behaviour every `SessionStore` must have; each store's test file calls this once. */
export function describeSessionStoreContract(label: string, openPair: OpenSessionStorePair): void {
  describe(`Session store contract: ${label}`, () => {
    it('resolves a new website token on every instance, and stores only its digest', async () => {
      const { one, two, now } = await world(openPair);
      const { token, session } = await one.issue(USER, { address: '203.0.113.7', userAgent: 'Firefox/140' });
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await two.resolve(token)).toEqual(session);
      expect(session).toMatchObject({ userId: USER, createdAt: now(), lastUsedAt: now(), expiresAt: now() + 30 * DAY, address: '203.0.113.7', userAgent: 'Firefox/140' });
      expect(session.id).not.toContain(token);
      expect(await two.store.find(tokenDigest(token))).toEqual(session);
      expect(JSON.stringify(await two.store.list(USER))).not.toContain(token);
    });

    it('refuses an expired token, and lists only live sessions', async () => {
      const { one, two, advance } = await world(openPair);
      const { token } = await one.issue(USER);
      advance(30 * DAY - 1);
      expect(await two.resolve(token)).toBeDefined();
      advance(1);
      expect(await two.resolve(token)).toBeUndefined();
      expect(await two.list(USER)).toEqual([]);
    });

    it('records the last use at most once a minute', async () => {
      const { one, two, advance, now } = await world(openPair);
      const { token, session } = await one.issue(USER);
      advance(30_000);
      await two.resolve(token);
      expect((await one.list(USER))[0]!.lastUsedAt).toBe(session.createdAt);
      advance(30_000);
      await two.resolve(token);
      expect((await one.list(USER))[0]!.lastUsedAt).toBe(now());
    });

    it('signs out on one instance and is refused on the other at once', async () => {
      const { one, two } = await world(openPair);
      const { token } = await one.issue(USER);
      const other = await one.issue(USER);
      expect(await two.drop(token)).toBe(true);
      expect(await one.resolve(token)).toBeUndefined();
      expect(await one.drop(token)).toBe(false);
      expect((await one.list(USER)).map((s) => s.id)).toEqual([other.session.id]);
    });

    it("lists a user's sessions oldest first and revokes one by id, only the owner's", async () => {
      const { one, two, advance } = await world(openPair);
      const first = await one.issue(USER, { address: '198.51.100.1' });
      advance(1000);
      const second = await two.issue(USER, { address: '198.51.100.2' });
      const stranger = await one.issue('someone-else');
      expect((await two.list(USER)).map((s) => s.address)).toEqual(['198.51.100.1', '198.51.100.2']);
      expect(await two.revoke(USER, stranger.session.id)).toBe(false);
      expect(await one.resolve(stranger.token)).toBeDefined();
      expect(await two.revoke(USER, first.session.id)).toBe(true);
      expect(await one.resolve(first.token)).toBeUndefined();
      expect(await one.resolve(second.token)).toBeDefined();
      expect(await one.revoke(USER, first.session.id)).toBe(false);
    });

    it('takes a sign-in state once, on any instance, for 10 minutes', async () => {
      const { one, two, advance } = await world(openPair);
      const state = await one.startSignIn();
      expect(await two.finishSignIn(state)).toBe(true);
      expect(await one.finishSignIn(state)).toBe(false);
      const late = await one.startSignIn();
      advance(10 * 60_000);
      expect(await two.finishSignIn(late)).toBe(false);
      expect(await two.finishSignIn('never-started-state-0000')).toBe(false);
      expect(await two.finishSignIn('')).toBe(false);
    });

    it('lets one of two instances finishing the same sign-in win', async () => {
      const { one, two } = await world(openPair);
      const state = await one.startSignIn();
      const results = await Promise.all([one.finishSignIn(state), two.finishSignIn(state), one.finishSignIn(state)]);
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('keeps seed tokens working beside sessions (withSessions)', async () => {
      const { one } = await world(openPair);
      const registry = withSessions(createMemoryRegistry(DEMO_SEED), one);
      const { token, session } = await one.issue(USER);
      expect(await registry.resolveToken(DEMO_TOKENS.website)).toEqual({ userId: USER, context: 'website', expiresAt: null });
      expect(await registry.resolveToken(token)).toEqual({ userId: USER, context: 'website', expiresAt: new Date(session.expiresAt).toISOString() });
      expect((await registry.profile(USER))?.user.userId).toBe(USER);
      await one.drop(token);
      expect(await registry.resolveToken(token)).toBeUndefined();
    });
  });
}
