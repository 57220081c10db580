import * as z from 'zod/mini';

/**
 * The live changes endpoint `/me/database/changes` (api-contract.md, "Live
 * changes"): what the server sends, parsed where it enters the page.
 */
export const LiveServerMessageSchema = z.discriminatedUnion('type', [
  /** Authenticated; `cursor` is the server's now. */
  z.object({ type: z.literal('ready'), cursor: z.string() }),
  /** One accepted write of the token's (user, kind) space, in the store's order. */
  z.object({
    type: z.literal('change'),
    cursor: z.string(),
    moduleId: z.string(),
    name: z.string(),
    value: z.unknown(),
    from: z.string(),
  }),
  /** The server cannot replay from the cursor given: re-read what you show. */
  z.object({ type: z.literal('reset'), cursor: z.string() }),
  /** Keep-alive, every 15 s. */
  z.object({ type: z.literal('ping') }),
]);
export type LiveServerMessage = z.infer<typeof LiveServerMessageSchema>;

/** The client's first message, sent within 10 s of opening. */
export interface LiveAuthMessage {
  type: 'auth';
  token: string;
  since?: string;
}

/** Closing codes of the endpoint. */
export const LIVE_CLOSE = {
  unauthorized: 4401,
  forbidden: 4403,
  authTimeout: 4408,
  malformed: 4400,
  tooMany: 4429,
  unavailable: 1013,
  goingAway: 1001,
} as const;

/** How often the server pings, and how long a client waits in silence before it reconnects. */
export const LIVE_PING_MS = 15_000;
export const LIVE_SILENCE_MS = 40_000;
