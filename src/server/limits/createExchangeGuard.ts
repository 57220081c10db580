import { createHash } from 'node:crypto';
import { addressKey } from './addressKey.ts';
import type { ExchangeLimits } from './ExchangeLimits.ts';
import type { RateCounter } from './RateCounter.ts';

/** A refusal: too many exchanges; the client may try again in `retryAfterSeconds`. */
export interface ExchangeRefusal {
  reason: string;
  retryAfterSeconds: number;
}

/**
 * Where an exchange comes from, as far as a browser lets a page tell: `same` for
 * the API's own origin (the overlay page of `npm start`), `cross` for any other
 * web page, `none` for a client that sends no Origin (tools, scripts).
 */
export type ExchangeOrigin = 'same' | 'cross' | 'none';

/** One client of the exchange: its address and the kind of origin it calls from. */
export interface ExchangeClient {
  address: string;
  origin: ExchangeOrigin;
}

export interface ExchangeGuard {
  /**
   * Counts an attempt of `client` at `overlayId`, before the lookup, in one
   * atomic step per counter (so concurrent guesses cannot all pass); a refusal
   * when either count is over its limit. Every attempt counts as failed until
   * `succeeded` takes it back.
   */
  admit(client: ExchangeClient, overlayId: string): Promise<ExchangeRefusal | undefined>;
  /** The admitted attempt found its overlay id: it does not spend the failed budget. */
  succeeded(client: ExchangeClient): Promise<void>;
}

/**
 * The rate limits of `POST /auth/overlay`: failed guesses per client address and
 * kind of origin (an overlay id is a bearer secret: guessing one must stay
 * slow), and exchanges per overlay id (each one adds a token the server keeps
 * for a day). Failed budgets are kept apart by kind of origin, so that another
 * web page on the streamer's machine (every page there shares 127.0.0.1)
 * cannot spend the budget of the overlay page's own origin; all other origins
 * share one budget, so that a page cannot draw fresh ones from many origins.
 */
export function createExchangeGuard(counter: RateCounter, limits: ExchangeLimits): ExchangeGuard {
  const window = limits.exchangeWindowMs;
  const failedKey = ({ address, origin }: ExchangeClient) => `failed:${origin}:${addressKey(address)}`;
  return {
    async admit(client, overlayId) {
      const attempts = await counter.hit(failedKey(client), window);
      if (attempts.count > limits.failedExchangesPerAddress) {
        return refusal(`too many failed exchanges from this address (${limits.failedExchangesPerAddress} per ${window / 1000} s)`, attempts.resetInMs);
      }
      // Hashed: the id is a secret, and the key must not keep it readable in Redis.
      const exchanges = await counter.hit(`exchange:${createHash('sha256').update(overlayId).digest('base64url')}`, window);
      if (exchanges.count > limits.exchangesPerOverlay) {
        await counter.undo(failedKey(client));
        return refusal(`too many exchanges of this overlay id (${limits.exchangesPerOverlay} per ${window / 1000} s)`, exchanges.resetInMs);
      }
      return undefined;
    },
    async succeeded(client) {
      await counter.undo(failedKey(client));
    },
  };
}

function refusal(reason: string, resetInMs: number): ExchangeRefusal {
  return { reason, retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)) };
}
