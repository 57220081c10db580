export { addressKey } from './addressKey.ts';
export { type AddressedRequest, clientAddress } from './clientAddress.ts';
export { createExchangeGuard, type ExchangeClient, type ExchangeGuard, type ExchangeOrigin, type ExchangeRefusal } from './createExchangeGuard.ts';
export { createMemoryRateCounter, type MemoryRateCounterOptions } from './createMemoryRateCounter.ts';
export { createRedisRateCounter } from './createRedisRateCounter.ts';
export { rateCounterFor } from './rateCounterFor.ts';
export { DEFAULT_EXCHANGE_LIMITS, type ExchangeLimits } from './ExchangeLimits.ts';
export type { RateCount, RateCounter } from './RateCounter.ts';
