import { type TwitchState, TwitchStateSchema } from '../../api/index.ts';
import { ApiError } from './ApiError.ts';
import type { ApiClient } from './createApiClient.ts';
import { createApiSender, failureOf, isOk } from './createApiSender.ts';
import { readTwitchState } from './twitchCalls.ts';

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
  const answer = await readTwitchState(createApiSender({ baseUrl: client.baseUrl, getToken: () => client.currentToken(), fetch }));
  if (!answer) return undefined;
  if (!isOk(answer)) throw failureOf(answer);
  const parsed = TwitchStateSchema.safeParse(answer.body);
  if (!parsed.success) throw new ApiError('UNAVAILABLE', 'The API answered GET /me/twitch with an unexpected body', answer.status);
  return parsed.data.state === 'off' ? undefined : parsed.data;
}
