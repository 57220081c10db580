import { type TokenAnswer, toTokenAnswer } from './deviceFlow.ts';
import type { TwitchUrls } from './twitchUrls.ts';

/** Twitch refused the refresh token itself (400/401): only a new login helps. */
export class RefreshRefusedError extends Error {
  override name = 'RefreshRefusedError';
}

/**
 * Refreshes a public client's token: `grant_type=refresh_token` with the
 * client id and no secret, as Twitch documents for device-flow apps.
 * Network errors and 5xx throw a plain Error (worth a retry later).
 */
export async function refreshToken(options: { clientId: string; refreshToken: string; urls: TwitchUrls; fetch?: typeof globalThis.fetch }): Promise<TokenAnswer> {
  const { fetch = globalThis.fetch } = options;
  const body = new URLSearchParams({ client_id: options.clientId, grant_type: 'refresh_token', refresh_token: options.refreshToken });
  const response = await fetch(options.urls.auth('token'), { method: 'POST', body });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.ok) return toTokenAnswer(json);
  const reason = String(json.message ?? `HTTP ${response.status}`);
  if (response.status === 400 || response.status === 401) throw new RefreshRefusedError(`Twitch refused the refresh token: ${reason}`);
  throw new Error(`Twitch token refresh failed: ${reason}`);
}
