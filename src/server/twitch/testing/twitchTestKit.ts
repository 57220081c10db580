import { ApiClient } from '@twurple/api';
import { createUserAuthProvider } from '../createUserAuthProvider.ts';
import { createMemoryCredentialStore } from '../memoryCredentialStore.ts';
import { TWITCH_SCOPES } from '../scopes.ts';
import type { TwitchCredentialStore, TwitchCredentials } from '../TwitchCredentials.ts';
import { twitchUrls } from '../twitchUrls.ts';
import type { FakeTwitch } from './fakeTwitch.ts';

/** The Twitch id the tests' streamer has on the fake. */
export const TEST_TWITCH_USER = '1337';

/** Credentials as a finished `npm run twitch-login` leaves them, issued by the fake. */
export function loggedIn(fake: FakeTwitch, twitchUserId = TEST_TWITCH_USER, now = Date.now()): TwitchCredentials {
  const token = fake.auth.grant(twitchUserId, [...TWITCH_SCOPES]);
  return {
    twitchUserId,
    login: `user${twitchUserId}`,
    accessToken: token.access_token,
    refreshToken: token.refresh_token,
    scopes: token.scope,
    expiresAt: now + token.expires_in * 1000,
    obtainedAt: now,
    state: 'ok',
  };
}

/** Points twurple and our own calls at the fake, stores a login for `userId`, and builds the API client on it. */
export async function connectToFake(fake: FakeTwitch, userId: string, options: { credentials?: TwitchCredentialStore; onLoginNeeded?: (userId: string) => void } = {}) {
  process.env.TWURPLE_MOCK_API_PORT = String(fake.port);
  const credentials = options.credentials ?? createMemoryCredentialStore();
  await credentials.set(userId, loggedIn(fake));
  const authProvider = createUserAuthProvider({ userId, clientId: fake.clientId, credentials, urls: twitchUrls(), onLoginNeeded: options.onLoginNeeded });
  return { credentials, apiClient: new ApiClient({ authProvider }) };
}
