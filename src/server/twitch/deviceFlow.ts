import type { TwitchUrls } from './twitchUrls.ts';

/** What Twitch answers to `POST /oauth2/device`: show `verification_uri` and `user_code` to the streamer. */
export interface DeviceCode {
  deviceCode: string;
  userCode: string;
  verificationUri: string;
  /** Seconds between two polls. */
  interval: number;
  /** Seconds until the code expires. */
  expiresIn: number;
}

/** A token as Twitch's token endpoint answers it. */
export interface TokenAnswer {
  accessToken: string;
  refreshToken: string;
  scopes: string[];
  /** Seconds; null when Twitch gave none. */
  expiresIn: number | null;
}

/** The device flow ended without a token; `reason` is Twitch's word for it. */
export class DeviceFlowError extends Error {
  override name = 'DeviceFlowError';
  constructor(
    readonly reason: 'expired_token' | 'access_denied' | 'invalid_device_code' | 'http',
    message: string,
  ) {
    super(message);
  }
}

export interface DeviceFlowOptions {
  clientId: string;
  scopes: string[];
  urls: TwitchUrls;
  fetch?: typeof globalThis.fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Receives one plain line per state change (waiting, slowing down). */
  log?: (line: string) => void;
}

/** Step 1 of Twitch's Device Code Grant Flow for a public client: no secret, no redirect URL. */
export async function requestDeviceCode({ clientId, scopes, urls, fetch = globalThis.fetch }: DeviceFlowOptions): Promise<DeviceCode> {
  const body = new URLSearchParams({ client_id: clientId, scopes: scopes.join(' ') });
  const response = await fetch(urls.auth('device'), { method: 'POST', body }).catch((error: unknown) => {
    throw new DeviceFlowError('http', `Twitch cannot be reached (${(error as Error).message})`);
  });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new DeviceFlowError('http', `Twitch refused the device code request (${response.status}): ${String(json.message ?? 'no reason given')}`);
  return {
    deviceCode: String(json.device_code),
    userCode: String(json.user_code),
    verificationUri: String(json.verification_uri),
    interval: Number(json.interval) || 5,
    expiresIn: Number(json.expires_in) || 1800,
  };
}

/** Step 2: polls the token endpoint at Twitch's interval until the streamer approved, refused, or the code expired. */
export async function pollDeviceToken(options: DeviceFlowOptions, code: DeviceCode): Promise<TokenAnswer> {
  const { sleep = (ms) => new Promise((done) => setTimeout(done, ms)), log = () => {} } = options;
  let interval = code.interval;
  for (;;) {
    await sleep(interval * 1000);
    const answer = await askForToken(options, code);
    if ('token' in answer) return answer.token;
    if (answer.error === 'authorization_pending') continue;
    if (answer.error === 'slow_down') {
      interval += 5;
      log(`Twitch asks to poll more slowly: every ${interval} s now.`);
      continue;
    }
    if (answer.error === 'expired_token') throw new DeviceFlowError('expired_token', 'The code expired before it was entered. Run the command again.');
    if (answer.error === 'access_denied') throw new DeviceFlowError('access_denied', 'The authorization was refused on Twitch. Nothing was stored.');
    if (answer.error === 'invalid device code') throw new DeviceFlowError('invalid_device_code', 'Twitch no longer knows this code. Run the command again.');
    throw new DeviceFlowError('http', `Twitch refused the token request: ${answer.error}`);
  }
}

async function askForToken({ clientId, scopes, urls, fetch = globalThis.fetch }: DeviceFlowOptions, code: DeviceCode): Promise<{ token: TokenAnswer } | { error: string }> {
  const body = new URLSearchParams({
    client_id: clientId,
    scopes: scopes.join(' '),
    device_code: code.deviceCode,
    grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
  });
  const response = await fetch(urls.auth('token'), { method: 'POST', body });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.ok) return { token: toTokenAnswer(json) };
  return { error: String(json.message ?? `HTTP ${response.status}`) };
}

/** Twitch's token JSON (`access_token`, `refresh_token`, `scope`, `expires_in`) in our words. */
export function toTokenAnswer(json: Record<string, unknown>): TokenAnswer {
  return {
    accessToken: String(json.access_token),
    refreshToken: String(json.refresh_token ?? ''),
    scopes: Array.isArray(json.scope) ? json.scope.map(String) : [],
    expiresIn: typeof json.expires_in === 'number' ? json.expires_in : null,
  };
}
