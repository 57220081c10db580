/**
 * What an event log keeps (docs/events.md, Storage and retention). The contract
 * promises at least the newest 1,000 of each type per user for at least 24 h;
 * `maxPerUser` bounds a user who posts many distinct custom types.
 */
export interface EventRetention {
  /** Newest events kept per type and user; older ones of that type are dropped. @default 1000 */
  perType: number;
  /** Events older than this may be dropped (on the next append of that user). @default 24 hours */
  maxAgeMs: number;
  /** Events kept per user over all types, the oldest dropped first. @default 50_000 */
  maxPerUser: number;
}

export const DEFAULT_EVENT_RETENTION: EventRetention = { perType: 1000, maxAgeMs: 24 * 60 * 60 * 1000, maxPerUser: 50_000 };

/** The defaults with `options` over them; RangeError naming a field that is not a positive integer. */
export function resolveRetention(options: Partial<EventRetention> = {}): EventRetention {
  const resolved = { ...DEFAULT_EVENT_RETENTION, ...options };
  for (const [name, value] of Object.entries(resolved)) {
    if (!(Number.isSafeInteger(value) && value > 0)) throw new RangeError(`retention.${name} must be a positive integer`);
  }
  return resolved;
}
