/**
 * One website token made by signing in: what `GET /me/sessions` shows of it.
 * The token itself is never stored, only its digest (`tokenDigest`).
 */
export interface WebsiteSession {
  /** Names the session in `GET /me/sessions` and `DELETE /me/sessions/<id>`; tells nothing about the token. */
  id: string;
  userId: string;
  /** Unix ms when the token was made. */
  createdAt: number;
  /** The client address that made it, as the server saw it. */
  address: string | null;
  /** The browser that made it (`User-Agent`), cut to 200 characters. */
  userAgent: string | null;
  /** Unix ms of its last use (updated at most once a minute). */
  lastUsedAt: number;
  /** Unix ms after which it gets 401. */
  expiresAt: number;
}

/** A sign-in started at `GET /auth/twitch`, finished once at its callback by any instance. */
export interface SignInState {
  /** Unix ms after which the state is refused. */
  expiresAt: number;
}

/**
 * Where website sessions and sign-in states live (memory, SQLite, Redis):
 * beside the data store, outside the key space the data API can reach.
 * Stores keep records; the expiry rules live in `createWebsiteSessions`.
 */
export interface SessionStore {
  add(digest: string, session: WebsiteSession): Promise<void>;
  /** The session stored under a token's digest (expired or not). */
  find(digest: string): Promise<WebsiteSession | undefined>;
  /** Records a use of the session; nothing when it is gone. */
  touch(digest: string, at: number): Promise<void>;
  /** The user's sessions, oldest first. */
  list(userId: string): Promise<WebsiteSession[]>;
  /** Drops one of the user's sessions by id; false when the user has none of that id. */
  removeById(userId: string, id: string): Promise<boolean>;
  /** Drops the session of a token's digest; false when there was none. */
  removeByDigest(digest: string): Promise<boolean>;
  /** Keeps a sign-in state until it is taken or expires. */
  putState(state: string, value: SignInState): Promise<void>;
  /** Takes a sign-in state: it answers once, whatever instance asks (atomic). */
  takeState(state: string): Promise<SignInState | undefined>;
  close(): Promise<void>;
}
