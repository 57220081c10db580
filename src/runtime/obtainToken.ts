import { type Kind, OverlayError } from '../api/index.ts';
import { ApiError, type ApiClient, parseRetryAfter } from '../client/index.ts';
import type { OverlayAuth } from './parseOverlayParams.ts';

export interface OverlayCredentials {
  token: string;
  kind: Kind;
}

export interface ObtainTokenOptions {
  /** Waits before a rate-limited exchange is tried again. @default setTimeout */
  wait?: (ms: number) => Promise<void>;
  /** Told of each such wait, so the page can say why it is not up yet. */
  onRateLimited?: (ms: number) => void;
  /** Current time in ms, for a `Retry-After` given as a date. @default Date.now */
  now?: () => number;
}

/** Wait after a 429 without a usable `Retry-After`, and the longest wait whatever the server says. */
export const RATE_LIMIT_WAIT = { fallbackMs: 5_000, maxMs: 600_000 } as const;

/**
 * Turns the page's parameters into a token and a kind: exchanges an overlay id,
 * or takes the token as given and, when the kind is missing, asks the API.
 * Hands the token to the client. Rejects with an OverlayError.
 */
export async function obtainToken(client: ApiClient, auth: OverlayAuth, options: ObtainTokenOptions = {}): Promise<OverlayCredentials> {
  if ('overlay' in auth) {
    const issued = await exchangeUntilAllowed(client, auth.overlay, options);
    client.setToken(issued.token);
    return { token: issued.token, kind: issued.overlay };
  }
  client.setToken(auth.token);
  if (auth.kind) return { token: auth.token, kind: auth.kind };
  const validation = await client.validate();
  if (validation.context !== 'overlay' || !validation.overlay) {
    throw new OverlayError('FORBIDDEN', 'this is a website token: add kind=<kind> to the address, or use overlay=<overlay id>');
  }
  return { token: auth.token, kind: validation.overlay };
}

/**
 * Exchanges the overlay id, waiting out a 429: the API limits exchanges per overlay
 * id and failed ones per address, and an overlay in OBS has nobody to press reload,
 * so it tries again when the server says it may instead of giving up.
 */
async function exchangeUntilAllowed(client: ApiClient, overlay: string, options: ObtainTokenOptions) {
  const { wait = sleep, onRateLimited, now = Date.now } = options;
  for (;;) {
    try {
      return await client.exchangeOverlay(overlay);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 429) throw error;
      const ms = Math.min(parseRetryAfter(error.retryAfter, now()) ?? RATE_LIMIT_WAIT.fallbackMs, RATE_LIMIT_WAIT.maxMs);
      onRateLimited?.(ms);
      await wait(ms);
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
