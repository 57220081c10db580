import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAuthProvider, LoginNeededError } from './createUserAuthProvider.ts';
import { createMemoryCredentialStore } from './memoryCredentialStore.ts';
import { type FakeTwitch, startFakeTwitch } from './testing/fakeTwitch.ts';
import { loggedIn } from './testing/twitchTestKit.ts';
import { twitchUrls } from './twitchUrls.ts';

let fake: FakeTwitch;
beforeAll(async () => {
  fake = await startFakeTwitch();
});
afterAll(() => fake.stop());

async function provider(expiresInMs: number, now = 1_000_000) {
  const credentials = createMemoryCredentialStore();
  const login = { ...loggedIn(fake, '1337', now), expiresAt: now + expiresInMs };
  await credentials.set('42', login);
  const needed: string[] = [];
  const auth = createUserAuthProvider({ userId: '42', clientId: fake.clientId, credentials, urls: twitchUrls({ TWURPLE_MOCK_API_PORT: String(fake.port) }), now: () => now, onLoginNeeded: (id) => needed.push(id) });
  return { auth, credentials, login, needed };
}

describe('createUserAuthProvider', () => {
  it('uses the stored token while it has more than five minutes left', async () => {
    const { auth, login } = await provider(10 * 60_000);
    const refreshes = fake.auth.counts.refreshes;
    expect((await auth.getAccessTokenForUser('1337'))?.accessToken).toBe(login.accessToken);
    expect(fake.auth.counts.refreshes).toBe(refreshes);
  });

  it('refreshes a token about to expire before handing it out, and stores the new one', async () => {
    const { auth, login, credentials } = await provider(60_000);
    const token = await auth.getAccessTokenForUser('1337');
    expect(token?.accessToken).not.toBe(login.accessToken);
    expect(fake.auth.tokens.has(token!.accessToken)).toBe(true);
    expect((await credentials.get('42'))?.accessToken).toBe(token?.accessToken);
    expect((await credentials.get('42'))?.expiresAt).toBe(1_000_000 + 14_400_000);
  });

  it('marks the login "log in again" when the refresh token is refused, and refuses from then on', async () => {
    const { auth, credentials, needed } = await provider(60_000);
    fake.auth.refuseRefreshes();
    await expect(auth.getAccessTokenForUser('1337')).rejects.toBeInstanceOf(LoginNeededError);
    expect((await credentials.get('42'))?.state).toBe('login-needed');
    expect(needed).toEqual(['42']);
    await expect(auth.getAccessTokenForUser('1337')).rejects.toThrow('Twitch: log in again (user 42)');
  });
});
