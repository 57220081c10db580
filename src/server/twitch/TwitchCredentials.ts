/** A streamer's Twitch login, kept apart from module data: no module key can ever name it. */
export interface TwitchCredentials {
  /** The Twitch user the token belongs to (Helix `id`). */
  twitchUserId: string;
  /** The Twitch login, for messages and the docs' examples. */
  login: string;
  accessToken: string;
  refreshToken: string;
  scopes: string[];
  /** Unix ms when the access token expires; null when Twitch gave no lifetime. */
  expiresAt: number | null;
  /** Unix ms when this token was obtained. */
  obtainedAt: number;
  /** 'login-needed': a refresh failed for good; the streamer must run `npm run twitch-login` again. */
  state: 'ok' | 'login-needed';
}

/**
 * Where credentials live, per store kind (memory, sqlite, redis): beside the
 * store's data but outside the key space the data API can reach.
 */
export interface TwitchCredentialStore {
  get(userId: string): Promise<TwitchCredentials | undefined>;
  set(userId: string, credentials: TwitchCredentials): Promise<void>;
  /** Forgets the user's login (`DELETE /me/twitch`); nothing when there is none. */
  delete(userId: string): Promise<void>;
  /** Every user with credentials, for the start of the EventSub sessions. */
  list(): Promise<{ userId: string; credentials: TwitchCredentials }[]>;
  close(): Promise<void>;
}
