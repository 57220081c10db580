import * as z from 'zod/mini';

/**
 * Stream events: one record shape for everything that happens
 * on stream, Twitch EventSub's notification (`subscription` + `event`) plus
 * `id`, `at`, `source` and `test`. Shared by the server, the page, the dock and
 * the SDK's types.
 */

/** An EventSub subscription type (`channel.raid`) or a custom one (`custom.next-question`). */
export const EVENT_TYPE_PATTERN = /^[a-z0-9_]+(\.[a-z0-9_-]+)+$/;
/** Longest accepted `type`. */
export const EVENT_TYPE_MAX_LENGTH = 100;
/** Longest accepted `id` of a posted event. */
export const EVENT_ID_MAX_LENGTH = 128;
/** Largest `event` object, as UTF-8 bytes of its JSON. */
export const EVENT_MAX_BYTES = 16 * 1024;
/** How far back a starting page delivers what it missed. */
export const MISSED_EVENTS_WINDOW_MS = 10 * 60 * 1000;

// `/* @__PURE__ */`: a `.check()` is a method call, kept by the bundler unless marked; marked, pages that
// read no events do not carry these.
export const EventTypeSchema = /* @__PURE__ */ z.string().check(z.maxLength(EVENT_TYPE_MAX_LENGTH), z.regex(EVENT_TYPE_PATTERN));
export const EventIdSchema = /* @__PURE__ */ z.string().check(z.minLength(1), z.maxLength(EVENT_ID_MAX_LENGTH));

/** Where an event came from: an EventSub adapter, or `POST /me/events`. */
export const EVENT_SOURCES = ['twitch', 'api'] as const;
export type EventSource = (typeof EVENT_SOURCES)[number];

/** One stored stream event, as every reader sees it. */
export const StreamEventSchema = z.object({
  id: EventIdSchema,
  /** Unix ms when the server accepted it. */
  at: z.number(),
  source: z.enum(EVENT_SOURCES),
  /** An emulated event (test buttons): show it, don't count it. */
  test: z.boolean(),
  subscription: z.object({ type: z.string(), version: z.string() }),
  // Any JSON object: what `z.record(z.string(), z.unknown())` takes, with one zod kind less in the overlay page.
  event: z.looseObject({}),
  /** A replay the streamer asked for. */
  replayed: z.optional(z.boolean()),
  /** Arrived while this overlay was not running. */
  missed: z.optional(z.boolean()),
});
export type StreamEvent = z.infer<typeof StreamEventSchema>;

/** The body of `POST /me/events`. */
export const PostEventSchema = z.object({
  type: EventTypeSchema,
  event: z.looseObject({}),
  version: z.optional(z.string().check(z.minLength(1), z.maxLength(32))),
  id: z.optional(EventIdSchema),
  test: z.optional(z.boolean()),
});
export type PostEvent = z.infer<typeof PostEventSchema>;

/** The answer of `GET /me/events`. */
export const EventPageSchema = z.object({
  events: z.array(StreamEventSchema),
  cursor: z.string(),
  gap: z.boolean(),
});
export type EventPage = z.infer<typeof EventPageSchema>;

/** Live channel: one new (or replayed) event of the token's user. */
export const LiveEventSchema = z.object({ type: z.literal('event'), cursor: z.string(), event: StreamEventSchema });
/** Live channel: the events after `eventsAfter` can no longer be replayed; `cursor` is the current end. */
export const LiveEventsResetSchema = z.object({ type: z.literal('eventsReset'), cursor: z.string() });
