import * as z from 'zod/mini';
import type { Json } from './database.ts';

/** `GET /dev/database?kind=`: every stored value of the token's user and kind (development servers only; docs/server.md, Developer routes). */
export const DEV_DATABASE_PATH = '/dev/database';

/** `GET` and `PUT /dev/profile`: the whole stored profile, every overlay id and the Stream Deck token included. */
export const DEV_PROFILE_PATH = '/dev/profile';

/** Response of `GET /dev/database`. */
export const DevDatabaseSchema = /* @__PURE__ */ z.object({
  entries: z.array(z.object({ moduleId: z.string(), name: z.string(), value: z.unknown() })),
});

/** One stored value as `GET /dev/database` lists it. */
export interface DevEntry {
  moduleId: string;
  name: string;
  value: Json;
}
