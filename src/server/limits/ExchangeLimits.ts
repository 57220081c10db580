/** Limits of `POST /auth/overlay`; each is a flag of `npm run api` (docs/security-limits.md). */
export interface ExchangeLimits {
  /** Exchanges asked for one overlay id per window. @default 60 */
  exchangesPerOverlay: number;
  /** Failed exchanges (unknown overlay id) of one client address and kind of origin per window; beyond it, every exchange from there is refused. @default 20 */
  failedExchangesPerAddress: number;
  /** Length of a window. @default 600_000 (10 minutes) */
  exchangeWindowMs: number;
}

/**
 * Generous for honest overlays: a page exchanges its id once per start and after
 * each server restart, so even one reloading every 10 s stays under 60 in 10 minutes;
 * a mistyped id fails a few times, not 20.
 */
export const DEFAULT_EXCHANGE_LIMITS: ExchangeLimits = {
  exchangesPerOverlay: 60,
  failedExchangesPerAddress: 20,
  exchangeWindowMs: 600_000,
};
