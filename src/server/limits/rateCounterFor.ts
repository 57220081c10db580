import { type DataStore, isRedisStore } from '../store/index.ts';
import { createMemoryRateCounter } from './createMemoryRateCounter.ts';
import { createRedisRateCounter } from './createRedisRateCounter.ts';
import type { RateCounter } from './RateCounter.ts';

/**
 * The request budgets' counter for a store. With Redis the counts are shared, so a budget holds across every
 * instance; a memory or SQLite store is served by one process, whose own counts are the whole truth.
 */
export function rateCounterFor(store: DataStore, now?: () => number): RateCounter {
  return isRedisStore(store) ? createRedisRateCounter(store.redis) : createMemoryRateCounter({ now });
}
