import { LIMITS } from '../api/index.ts';

/** Per-module limits and timings of the host; every field may be overridden. */
export interface HostLimits {
  /** Unanswered requests per module; the excess is answered `BUSY`. @default 64 */
  maxInFlight: number;
  /** How long a call may wait for the data layer before it is answered `TIMEOUT`. @default 10000 */
  callTimeoutMs: number;
  /** UTF-8 bytes of a written value's JSON; more is `TOO_LARGE`. @default 65536 */
  valueBytes: number;
  /** Messages a module may send per second (port and window); more tears it down. @default 2000 */
  maxMessagesPerSecond: number;
  /** Bytes (about: a string counts its length) a module may send per second; more tears it down. @default 16777216 */
  maxBytesPerSecond: number;
  /** Interval of the host's pings. @default 5000 */
  heartbeatMs: number;
  /** Pings left unanswered before a module counts as hung. @default 3 */
  missedHeartbeats: number;
  /** Time a new frame has to say hello before it counts as failed. @default 10000 */
  helloTimeoutMs: number;
  /** First restart delay; it doubles with each failure in a row. @default 1000 */
  restartBaseMs: number;
  /** Longest restart delay. @default 60000 */
  restartMaxMs: number;
  /** Failures in a row after which a module stays `crashed`. @default 10 */
  maxRestarts: number;
  /** Time a module must stay ready for its failure count to reset. @default 30000 */
  stableMs: number;
}

export const HOST_LIMITS: HostLimits = {
  maxInFlight: 64,
  callTimeoutMs: 10_000,
  valueBytes: LIMITS.valueBytes,
  maxMessagesPerSecond: 2000,
  // 64 calls in flight with 64 KiB values is 4 MiB: room for bursts of big writes.
  maxBytesPerSecond: 16 * 1024 * 1024,
  heartbeatMs: 5000,
  missedHeartbeats: 3,
  helloTimeoutMs: 10_000,
  restartBaseMs: 1000,
  restartMaxMs: 60_000,
  maxRestarts: 10,
  stableMs: 30_000,
};

/** The defaults with `overrides` applied; refuses values that would disable a limit. */
export function resolveHostLimits(overrides: Partial<HostLimits> = {}): HostLimits {
  const limits = { ...HOST_LIMITS, ...overrides };
  for (const [name, value] of Object.entries(limits)) {
    if (typeof value !== 'number' || !(value > 0)) {
      throw new TypeError(`createModuleHost: limits.${name} must be a positive number`);
    }
  }
  return limits;
}
