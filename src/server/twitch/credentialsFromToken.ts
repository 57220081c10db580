import { getTokenInfo } from '@twurple/auth';
import type { TokenAnswer } from './deviceFlow.ts';
import type { TwitchCredentials } from './TwitchCredentials.ts';

/**
 * Validates a token Twitch just issued and turns it into the login we store:
 * validation names the Twitch user and proves the token works before anything is stored.
 */
export async function credentialsFromToken(token: TokenAnswer, clientId: string, now: () => number = Date.now): Promise<TwitchCredentials> {
  const info = await getTokenInfo(token.accessToken, clientId);
  if (!info.userId || !info.userName) throw new Error('Twitch validated the token but named no user');
  const obtainedAt = now();
  return {
    twitchUserId: info.userId,
    login: info.userName,
    accessToken: token.accessToken,
    refreshToken: token.refreshToken,
    scopes: token.scopes.length > 0 ? token.scopes : info.scopes,
    expiresAt: token.expiresIn === null ? null : obtainedAt + token.expiresIn * 1000,
    obtainedAt,
    state: 'ok',
  };
}
