import { credentialsFromToken } from './credentialsFromToken.ts';
import type { DeviceLoginSettings } from './DeviceLoginSettings.ts';
import { pollDeviceToken, requestDeviceCode } from './deviceFlow.ts';
import { TWITCH_SCOPES } from './scopes.ts';
import type { TwitchCredentials } from './TwitchCredentials.ts';
import { twitchUrls } from './twitchUrls.ts';

export interface LoginToTwitchOptions extends DeviceLoginSettings {
  /** Our user the login is stored for. */
  userId: string;
  /** Receives the lines for the streamer: the URL and code, then each state. Never a token. */
  print?: (line: string) => void;
}

/**
 * Twitch's Device Code Grant Flow, end to end: shows the code, polls until
 * the streamer approved on twitch.tv, validates the token and stores it for `userId`.
 * Rejects with a DeviceFlowError (plain message) when it cannot finish.
 */
export async function loginToTwitch(options: LoginToTwitchOptions): Promise<TwitchCredentials> {
  const { clientId, userId, credentials, now = Date.now, print = console.log } = options;
  const urls = options.urls ?? twitchUrls();
  const flow = { clientId, scopes: [...TWITCH_SCOPES], urls, fetch: options.fetch, sleep: options.sleep, log: print };
  const code = await requestDeviceCode(flow);
  print(`Open ${code.verificationUri} and enter the code ${code.userCode} (valid ${Math.round(code.expiresIn / 60)} minutes).`);
  print('Waiting for the authorization on Twitch...');
  const token = await pollDeviceToken(flow, code);
  const stored = await credentialsFromToken(token, clientId, now);
  await credentials.set(userId, stored);
  print(`Logged in as ${stored.login} (Twitch id ${stored.twitchUserId}); stored for user ${userId}.`);
  return stored;
}
