export { addressKey, createExchangeGuard, type ExchangeGuard, type ExchangeRefusal } from './createExchangeGuard.ts';
export { createMemoryRateCounter, type MemoryRateCounterOptions } from './createMemoryRateCounter.ts';
export { createRedisRateCounter } from './createRedisRateCounter.ts';
export { DEFAULT_EXCHANGE_LIMITS, type ExchangeLimits, resolveExchangeLimits } from './ExchangeLimits.ts';
export type { RateCount, RateCounter } from './RateCounter.ts';
