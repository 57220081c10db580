import * as z from 'zod/mini';

/** Any JSON value, as it round-trips through `JSON.stringify`/`JSON.parse`. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Body of `PATCH /me/database`; `value` must be present (it may be `null`). */
export const DatabaseWriteSchema = z.object({
  id: z.string(),
  key: z.string(),
  value: z.unknown(),
});
export type DatabaseWrite = { id: string; key: string; value: Json };

/** Response of both database operations: what was stored, echoed. */
export const DatabaseEntrySchema = DatabaseWriteSchema;
export type DatabaseEntry = DatabaseWrite;

/** Query of `GET /me/database`. */
export const DatabaseQuerySchema = z.object({ id: z.string(), key: z.string() });

/**
 * Answer of `GET /me/database/values?id=<module>`: every key of the module that
 * was ever set, by name. An extension of the reference server (one read per
 * module at a page's start); an API without it answers 404.
 */
// `values`: any JSON object (a loose object, not a record: one zod kind less in the overlay page).
export const DatabaseValuesSchema = z.object({ id: z.string(), values: z.looseObject({}) });
export type DatabaseValues = { id: string; values: Record<string, Json> };
