import { ApiClient } from '@twurple/api';
import { createUserAuthProvider } from '../createUserAuthProvider.ts';
import { createMemoryCredentialStore } from '../memoryCredentialStore.ts';
import { TWITCH_SCOPES } from '../scopes.ts';
import type { TwitchCredentialStore, TwitchCredentials } from '../TwitchCredentials.ts';
import { twitchUrls } from '../twitchUrls.ts';
import { type FakeTwitch, startFakeTwitch } from './fakeTwitch.ts';
import { HELIX_CHANNEL, HELIX_STREAM, HELIX_USER } from './helixExamples.ts';

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

/**
 * Starts the fake Twitch, points twurple and our own calls at it (a spawned API inherits the variable), and gives it
 * the tests' streamer: the Helix user, their channel, and their live stream unless `live` is false.
 */
export async function startStreamerFake(options: { live?: boolean } = {}): Promise<FakeTwitch> {
  const fake = await startFakeTwitch();
  process.env.TWURPLE_MOCK_API_PORT = String(fake.port);
  fake.users.set(TEST_TWITCH_USER, HELIX_USER);
  fake.channels.set(TEST_TWITCH_USER, HELIX_CHANNEL);
  if (options.live !== false) fake.streams.set(TEST_TWITCH_USER, HELIX_STREAM);
  return fake;
}
