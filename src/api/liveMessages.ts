import * as z from 'zod/mini';

/** Path of the live endpoint under the API base (api-contract.md, "Live changes"). */
export const LIVE_PATH = '/me/database/changes';

/** What the server sends on the live endpoint, parsed where it enters the page. */
export const LiveServerMessageSchema = z.discriminatedUnion('type', [
  /** Authenticated; `cursor` is the server's now. */
  z.object({ type: z.literal('ready'), cursor: z.string() }),
  /** The server cannot replay from the cursor given: re-read what you show. */
  z.object({ type: z.literal('reset'), cursor: z.string() }),
  /** One accepted write of the token's (user, kind) space, in the store's order. */
  z.object({
    type: z.literal('change'),
    cursor: z.string(),
    moduleId: z.string(),
    name: z.string(),
    value: z.unknown(),
    from: z.string(),
  }),
  /** Keep-alive, every 15 s. */
  z.object({ type: z.literal('ping') }),
]);
export type LiveServerMessage = z.infer<typeof LiveServerMessageSchema>;

/** The client's first message, sent within 10 s of opening. */
export const LiveAuthSchema = z.object({ type: z.literal('auth'), token: z.optional(z.string()), since: z.optional(z.string()) });
export type LiveAuth = z.infer<typeof LiveAuthSchema>;
