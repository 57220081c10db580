import type { AccessTokenWithUserId, AuthProvider } from '@twurple/auth';
import { RefreshRefusedError, refreshToken } from './refreshToken.ts';
import type { TwitchCredentialStore, TwitchCredentials } from './TwitchCredentials.ts';
import type { TwitchUrls } from './twitchUrls.ts';

/** A token this close to its expiry is refreshed before use, so that a call never starts with a dying token. */
const REFRESH_MARGIN_MS = 5 * 60_000;

export interface UserAuthProviderOptions {
  /** Our user id: the credentials' key. */
  userId: string;
  clientId: string;
  credentials: TwitchCredentialStore;
  urls: TwitchUrls;
  fetch?: typeof globalThis.fetch;
  now?: () => number;
  /** A refresh failed for good: the credentials are marked 'login-needed' before this is called. */
  onLoginNeeded?: (userId: string, reason: string) => void;
}

/** Thrown when the stored login can no longer be used. */
export class LoginNeededError extends Error {
  override name = 'LoginNeededError';
}

/**
 * twurple's AuthProvider over our credential store, for one streamer. It reads
 * the store on every use (another instance may have refreshed), refreshes before
 * expiry and when twurple reports a 401, and never keeps a refused token.
 */
export function createUserAuthProvider(options: UserAuthProviderOptions): AuthProvider {
  const { userId, clientId, credentials, now = Date.now } = options;
  let scopes: string[] = [];
  let refreshing: Promise<TwitchCredentials> | undefined;

  const load = async (): Promise<TwitchCredentials> => {
    const stored = await credentials.get(userId);
    if (!stored) throw new LoginNeededError(`no Twitch login stored for user ${userId}`);
    if (stored.state === 'login-needed') throw new LoginNeededError(`Twitch: log in again (user ${userId})`);
    scopes = stored.scopes;
    return stored;
  };
  const refresh = () => {
    refreshing ??= load()
      .then((stored) => refreshStored(options, stored))
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  };
  const current = async () => {
    const stored = await load();
    const expiring = stored.expiresAt !== null && stored.expiresAt - now() < REFRESH_MARGIN_MS;
    return toAccessToken(expiring ? await refresh() : stored);
  };
  return {
    clientId,
    authorizationType: 'Bearer',
    getCurrentScopesForUser: () => scopes,
    getAccessTokenForUser: current,
    getAnyAccessToken: current,
    refreshAccessTokenForUser: async () => toAccessToken(await refresh()),
  };
}

async function refreshStored(options: UserAuthProviderOptions, stored: TwitchCredentials): Promise<TwitchCredentials> {
  const { userId, clientId, credentials, urls, fetch, now = Date.now } = options;
  try {
    const answer = await refreshToken({ clientId, refreshToken: stored.refreshToken, urls, fetch });
    const obtainedAt = now();
    const next: TwitchCredentials = {
      ...stored,
      accessToken: answer.accessToken,
      refreshToken: answer.refreshToken || stored.refreshToken,
      scopes: answer.scopes.length > 0 ? answer.scopes : stored.scopes,
      expiresAt: answer.expiresIn === null ? null : obtainedAt + answer.expiresIn * 1000,
      obtainedAt,
    };
    await credentials.set(userId, next);
    return next;
  } catch (error) {
    if (!(error instanceof RefreshRefusedError)) throw error;
    await credentials.set(userId, { ...stored, state: 'login-needed' });
    options.onLoginNeeded?.(userId, error.message);
    throw new LoginNeededError(`Twitch: log in again (user ${userId})`);
  }
}

function toAccessToken(stored: TwitchCredentials): AccessTokenWithUserId {
  return {
    accessToken: stored.accessToken,
    refreshToken: stored.refreshToken,
    scope: stored.scopes,
    expiresIn: stored.expiresAt === null ? null : Math.max(0, Math.round((stored.expiresAt - stored.obtainedAt) / 1000)),
    obtainmentTimestamp: stored.obtainedAt,
    userId: stored.twitchUserId,
  };
}
