import { type TokenAnswer, toTokenAnswer } from './deviceFlow.ts';
import type { TwitchUrls } from './twitchUrls.ts';

/** A call to Twitch that did not give what the sign-in needs: `unreachable` (network, 5xx) or `refused` (a 4xx). */
export class TwitchCallError extends Error {
  override name = 'TwitchCallError';
  constructor(
    readonly reason: 'unreachable' | 'refused',
    message: string,
  ) {
    super(message);
  }
}

/** The app's side of Twitch's authorization code flow (docs/twitch.md). */
export interface CodeFlowApp {
  clientId: string;
  clientSecret: string;
  /** `<public url>/auth/twitch/callback`: registered with the Twitch app, and sent unchanged in both steps. */
  redirectUri: string;
  urls: TwitchUrls;
  fetch?: typeof globalThis.fetch;
}

/** Twitch's authorize address for one sign-in: `response_type=code`, the app, its callback, the scopes and the state. */
export function authorizeUrl(app: CodeFlowApp, scopes: readonly string[], state: string): string {
  const url = new URL(app.urls.auth('authorize'));
  url.search = new URLSearchParams({ response_type: 'code', client_id: app.clientId, redirect_uri: app.redirectUri, scope: scopes.join(' '), state }).toString();
  return url.href;
}

/** `POST /oauth2/token` with `grant_type=authorization_code`: the code Twitch gave the callback, for the streamer's tokens. */
export async function exchangeAuthorizationCode(app: CodeFlowApp, code: string): Promise<TokenAnswer> {
  const body = new URLSearchParams({ client_id: app.clientId, client_secret: app.clientSecret, code, grant_type: 'authorization_code', redirect_uri: app.redirectUri });
  const json = await callTwitch(app, app.urls.auth('token'), { method: 'POST', body }, 'the code exchange');
  return toTokenAnswer(json);
}

/** Helix `GET /users` with the streamer's token: who signed in. */
export async function readHelixUser(app: CodeFlowApp, accessToken: string): Promise<{ id: string; login: string; display_name: string } & Record<string, unknown>> {
  const headers = { Authorization: `Bearer ${accessToken}`, 'Client-Id': app.clientId };
  const json = await callTwitch(app, app.urls.helix('users'), { headers }, 'the Helix user');
  const user = Array.isArray(json.data) ? (json.data[0] as Record<string, unknown> | undefined) : undefined;
  if (!user || typeof user.id !== 'string' || !/^\d+$/.test(user.id) || typeof user.login !== 'string') {
    throw new TwitchCallError('unreachable', 'Twitch answered the Helix user without a user');
  }
  return { ...user, id: user.id, login: user.login, display_name: typeof user.display_name === 'string' && user.display_name ? user.display_name : user.login };
}

async function callTwitch(app: CodeFlowApp, url: string, init: RequestInit, what: string): Promise<Record<string, unknown>> {
  const { fetch = globalThis.fetch } = app;
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    throw new TwitchCallError('unreachable', `Twitch cannot be reached for ${what} (${(error as Error).message})`);
  }
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.ok) return json;
  const reason = response.status >= 500 || response.status === 429 ? 'unreachable' : 'refused';
  throw new TwitchCallError(reason, `Twitch refused ${what} (${response.status}): ${String(json.message ?? 'no reason given')}`);
}
