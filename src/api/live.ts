import * as z from 'zod/mini';
import { LiveAlertCommandSchema, LiveAlertsSchema, RevisedAlertsStateSchema } from './alerts.ts';
import { LayoutSchema } from './layout.ts';
import { LiveEventSchema, LiveEventsResetSchema } from './streamEvents.ts';

/**
 * How writes made elsewhere reach a page: `live` as they happen, `polling` by
 * re-reading (the API has no live endpoint), `connecting` neither yet. The one
 * list: the client's state, the relay between tabs and the bridge's `status` use it.
 */
export const LIVE_STATUSES = ['live', 'polling', 'connecting'] as const;
export type LiveStatus = (typeof LIVE_STATUSES)[number];

/** Path of the live endpoint, relative to the API base (`ws://<base>/me/database/changes`). */
export const LIVE_PATH = '/me/database/changes';

/**
 * Closing codes of the live endpoint (docs/live-sync.md, "Closing codes"). The
 * 44xx codes mirror the HTTP status of the same cause; 1008 and 1009 are the
 * WebSocket standard's own.
 */
export const LIVE_CLOSE = {
  /** The server is stopping: reconnect (to another instance) with backoff. */
  goingAway: 1001,
  /** The client did not read its messages and the server's send buffer passed its limit: reconnect and resume. */
  notReading: 1008,
  /** A message above the size cap. */
  tooBig: 1009,
  /** The store cannot serve (e.g. Redis down): retry with backoff. */
  unavailable: 1013,
  /** The first message was not a well-formed auth message. */
  malformed: 4400,
  /** Missing, invalid or expired token; the reason is the 401 text. */
  unauthorized: 4401,
  /** A website token: the data store needs an overlay-generated one. */
  forbidden: 4403,
  /** No auth message within the time allowed (10 s). */
  authTimeout: 4408,
  /** Too many live connections for this user. */
  tooMany: 4429,
} as const;
export type LiveCloseCode = (typeof LIVE_CLOSE)[keyof typeof LIVE_CLOSE];

/** The client's first (and only) message. `since`: the last cursor it saw; `eventsAfter`: the last event cursor it handed on (events.md). */
export const LiveAuthSchema = z.object({
  type: z.literal('auth'),
  token: z.optional(z.string()),
  since: z.optional(z.string()),
  eventsAfter: z.optional(z.string()),
});
export type LiveAuth = z.infer<typeof LiveAuthSchema>;

/**
 * Sent once the token is accepted; `cursor` is "now", `eventCursor` the end of the user's events (after those replayed next),
 * `alerts` the user's stored alert state, read once the socket hears every later change (none from an API without alert controls).
 */
export const LiveReadySchema = z.object({
  type: z.literal('ready'),
  cursor: z.string(),
  eventCursor: z.optional(z.string()),
  alerts: z.optional(RevisedAlertsStateSchema),
});
/** Sent after `ready` when the writes after `since` cannot be replayed: re-read what you show. */
export const LiveResetSchema = z.object({ type: z.literal('reset'), cursor: z.string() });
/** One accepted write of the token's (user, kind) space; `from` is the `id` of the PATCH body. */
export const LiveChangeSchema = z.object({
  type: z.literal('change'),
  cursor: z.string(),
  moduleId: z.string(),
  name: z.string(),
  value: z.unknown(),
  from: z.string(),
});
/** Sent every 15 s; a client that hears nothing for 40 s reconnects. */
export const LivePingSchema = z.object({ type: z.literal('ping') });

/**
 * The user's profile changed (selection, favourites, an address, the Stream Deck token, Twitch):
 * re-read `GET /me`. Sent on every space of the user; never replayed, so a client also re-reads
 * the profile after each `ready` that follows a lost connection.
 */
export const LiveProfileSchema = z.object({ type: z.literal('profile') });
/** The layout of the token's kind changed: the whole stored layout, as `GET /me/layout/<kind>` answers. Never replayed either. */
export const LiveLayoutSchema = z.object({ type: z.literal('layout'), layout: LayoutSchema });

/** Every message the server sends. */
// A plain union: each option's literal tag fails the others, and the overlay page carries one zod kind less.
export const LiveServerMessageSchema = z.union([
  LiveReadySchema,
  LiveResetSchema,
  LiveChangeSchema,
  LivePingSchema,
  LiveEventSchema,
  LiveEventsResetSchema,
  LiveProfileSchema,
  LiveLayoutSchema,
  LiveAlertsSchema,
  LiveAlertCommandSchema,
]);
export type LiveServerMessage = z.infer<typeof LiveServerMessageSchema>;
export type LiveChangeMessage = z.infer<typeof LiveChangeSchema>;
