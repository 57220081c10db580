import * as z from 'zod/mini';
import { ERROR_CODES, type Json } from '../../api/index.ts';

/** Why the server refused a write for good (a 4xx other than 401/403). */
export const FailureSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  status: z.nullable(z.number()),
  at: z.number(),
});
export type Failure = z.infer<typeof FailureSchema>;

/**
 * One pending write, as kept in IndexedDB under `['q', userId, kind, moduleId, name]`.
 * `value` was checked as JSON before it was queued and is not walked again on read.
 */
export const QueueEntrySchema = z.object({
  /** The addressed entry: (moduleId, name) after the key rules. */
  moduleId: z.string(),
  name: z.string(),
  /** The writer's own module id and the key as it wrote it: what the PATCH sends. */
  id: z.string(),
  key: z.string(),
  value: z.unknown(),
  /** Sequence number of the latest write; compare-and-delete checks it. */
  seq: z.number(),
  /** Flush position: the sequence number of the first write not yet confirmed. */
  order: z.number(),
  /** Time of that first write (ms since epoch): the age of the pending data. */
  enqueuedAt: z.number(),
  /** Set when the server refused the write for good: parked, kept, reported. */
  failed: z.optional(FailureSchema),
});
export type QueueEntry = Omit<z.infer<typeof QueueEntrySchema>, 'value'> & { value: Json };

/** The last value the server confirmed for an entry (by a write or a read), under `['c', ...]`. */
export const ConfirmedSchema = z.object({
  /** False when the server said the key was never set. */
  found: z.boolean(),
  value: z.unknown(),
  at: z.number(),
});
export type Confirmed = { found: boolean; value: Json | undefined; at: number };

/** Parses a stored entry; anything else reads as absent. */
export function parseEntry(stored: unknown): QueueEntry | undefined {
  const parsed = QueueEntrySchema.safeParse(stored);
  return parsed.success ? (parsed.data as QueueEntry) : undefined;
}

/** Parses a stored confirmed value; anything else reads as absent. */
export function parseConfirmed(stored: unknown): Confirmed | undefined {
  const parsed = ConfirmedSchema.safeParse(stored);
  return parsed.success ? (parsed.data as Confirmed) : undefined;
}
