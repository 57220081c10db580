import { randomBytes } from 'node:crypto';
import { tokenDigest } from '../registry/index.ts';
import type { SessionStore, WebsiteSession } from './SessionStore.ts';

/** `--session-days`' default. */
export const DEFAULT_SESSION_DAYS = 30;
/** A sign-in state is good this long (SECURITY.md: a state is single use and short-lived). */
export const SIGN_IN_STATE_MS = 10 * 60_000;
/** A session's `lastUsedAt` is written at most this often: not one write per request. */
const TOUCH_EVERY_MS = 60_000;

export interface WebsiteSessionsOptions {
  store: SessionStore;
  /** Lifetime of a website token. @default 30 days */
  sessionDays?: number;
  now?: () => number;
  /** Random bytes, for tokens, ids and states. @default crypto.randomBytes */
  random?: (size: number) => Buffer;
}

/** Where and how a website token was asked for: what `GET /me/sessions` shows. */
export interface SessionOrigin {
  address?: string | null;
  userAgent?: string | null;
}

/** The website tokens made by signing in, and the sign-in states, with their lifetimes. */
export function createWebsiteSessions(options: WebsiteSessionsOptions) {
  const { store, sessionDays = DEFAULT_SESSION_DAYS, now = Date.now, random = randomBytes } = options;
  const lifetimeMs = sessionDays * 86_400_000;
  const live = (session: WebsiteSession | undefined) => (session && session.expiresAt > now() ? session : undefined);
  return {
    store,
    /** A new website token for `userId` (256 random bits); only its digest is stored. */
    async issue(userId: string, origin: SessionOrigin = {}): Promise<{ token: string; session: WebsiteSession }> {
      const token = random(32).toString('base64url');
      const at = now();
      const session: WebsiteSession = {
        id: random(12).toString('base64url'),
        userId,
        createdAt: at,
        address: origin.address ?? null,
        userAgent: origin.userAgent?.slice(0, 200) ?? null,
        lastUsedAt: at,
        expiresAt: at + lifetimeMs,
      };
      await store.add(tokenDigest(token), session);
      return { token, session };
    },
    /** The live session of a token, its use recorded; undefined when unknown, dropped or expired. */
    async resolve(token: string): Promise<WebsiteSession | undefined> {
      const digest = tokenDigest(token);
      const session = live(await store.find(digest));
      if (session && now() - session.lastUsedAt >= TOUCH_EVERY_MS) await store.touch(digest, now());
      return session;
    },
    /** The user's live sessions, oldest first. */
    list: async (userId: string) => (await store.list(userId)).filter((session) => live(session)),
    revoke: (userId: string, id: string) => store.removeById(userId, id),
    /** Drops the session of a token (sign-out); false when the token is no session. */
    drop: (token: string) => store.removeByDigest(tokenDigest(token)),
    /** A fresh single-use state for a sign-in, good for 10 minutes. */
    async startSignIn(): Promise<string> {
      const state = random(24).toString('base64url');
      await store.putState(state, { expiresAt: now() + SIGN_IN_STATE_MS });
      return state;
    },
    /** True once for a state that was started and has not expired; false for any other text. */
    async finishSignIn(state: string): Promise<boolean> {
      if (!/^[A-Za-z0-9_-]{16,64}$/.test(state)) return false;
      const found = await store.takeState(state);
      return found !== undefined && found.expiresAt > now();
    },
    close: () => store.close(),
  };
}

export type WebsiteSessions = ReturnType<typeof createWebsiteSessions>;
