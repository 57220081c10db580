import { codeForStatus, TWITCH_STATE_PATH, type TwitchState, TwitchStateSchema } from '../../api/index.ts';
import { ApiError } from './ApiError.ts';
import type { ApiClient } from './createApiClient.ts';
import { errorMessage, unwrapBody } from './unwrapBody.ts';

export interface TwitchStateSource {
  /** Whose token is sent: a running overlay's client (its token is renewed after a 401). */
  client: Pick<ApiClient, 'baseUrl' | 'currentToken'>;
  /** @default globalThis.fetch */
  fetch?: typeof globalThis.fetch;
}

/**
 * `GET /me/twitch` (docs/twitch.md): the dock's user's Twitch state; `undefined`
 * when the API runs without Twitch (`off`), or has no such route (404, the hosted API). Kept out of the ApiClient: only the
 * dock asks, and the overlay page's bundle stays without it.
 */
export async function fetchTwitchState({ client, fetch = globalThis.fetch }: TwitchStateSource): Promise<TwitchState | undefined> {
  const token = client.currentToken();
  const response = await fetch(client.baseUrl + TWITCH_STATE_PATH, { headers: { Accept: 'application/json', ...(token && { Authorization: `Bearer ${token}` }) } });
  if (response.status === 404) return undefined;
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new ApiError(codeForStatus(response.status), errorMessage(body, response.status), response.status);
  const parsed = TwitchStateSchema.safeParse(unwrapBody(body));
  if (!parsed.success) throw new ApiError('UNAVAILABLE', 'The API answered GET /me/twitch with an unexpected body', response.status);
  return parsed.data.state === 'off' ? undefined : parsed.data;
}
