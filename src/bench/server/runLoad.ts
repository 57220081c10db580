import { createRequire } from 'node:module';
import type { LoadRequest } from './loadRequests.ts';

/** The parts of autocannon's result the bench reads. */
interface AutocannonResult {
  requests: { average: number };
  latency: { p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;

// autocannon ships CommonJS without types.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export interface LoadResult {
  /** Requests per second, averaged over the run. */
  rps: number;
  /** 99th percentile latency, ms. */
  p99: number;
}

/** One autocannon run: `connections` keep-alive connections sending `request` for `seconds`; every answer must be 2xx. */
export async function runLoad(url: string, request: LoadRequest, seconds: number, connections = 50): Promise<LoadResult> {
  const result = await autocannon({ url: url + request.path, connections, duration: seconds, method: request.method, headers: request.headers, body: request.body });
  const failures = result.errors + result.timeouts + result.non2xx;
  if (failures > 0) throw new Error(`${request.method} ${url}: ${failures} failed requests (${result.non2xx} non-2xx)`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}
