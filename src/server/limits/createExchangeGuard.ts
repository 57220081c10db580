import { createHash } from 'node:crypto';
import { addressKey } from './addressKey.ts';
import type { ExchangeLimits } from './ExchangeLimits.ts';
import type { RateCounter } from './RateCounter.ts';

/** A refusal: too many exchanges; the client may try again in `retryAfterSeconds`. */
export interface ExchangeRefusal {
  reason: string;
  retryAfterSeconds: number;
}

export interface ExchangeGuard {
  /** Counts an exchange of `overlayId` from `address`; a refusal when either is over its limit. */
  admit(address: string, overlayId: string): Promise<ExchangeRefusal | undefined>;
  /** Counts a failed exchange (unknown overlay id) against `address`. */
  failed(address: string): Promise<void>;
}

/**
 * The rate limits of `POST /auth/overlay`: failed guesses per client address (an
 * overlay id is a bearer secret: guessing one must stay slow) and exchanges per
 * overlay id (each one adds a token the server keeps for a day).
 */
export function createExchangeGuard(counter: RateCounter, limits: ExchangeLimits): ExchangeGuard {
  const window = limits.exchangeWindowMs;
  return {
    async admit(address, overlayId) {
      const failures = await counter.peek(`failed:${addressKey(address)}`);
      if (failures.count >= limits.failedExchangesPerAddress) {
        return refusal(`too many failed exchanges from this address (${limits.failedExchangesPerAddress} per ${window / 1000} s)`, failures.resetInMs);
      }
      // Hashed: the id is a secret, and the key must not keep it readable in Redis.
      const exchanges = await counter.hit(`exchange:${createHash('sha256').update(overlayId).digest('base64url')}`, window);
      if (exchanges.count > limits.exchangesPerOverlay) {
        return refusal(`too many exchanges of this overlay id (${limits.exchangesPerOverlay} per ${window / 1000} s)`, exchanges.resetInMs);
      }
      return undefined;
    },
    async failed(address) {
      await counter.hit(`failed:${addressKey(address)}`, window);
    },
  };
}

function refusal(reason: string, resetInMs: number): ExchangeRefusal {
  return { reason, retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)) };
}
