import * as z from 'zod/mini';
import type { Json } from './database.ts';
import type { Kind } from './kind.ts';
import type { LiveStatus } from './live.ts';
import { ERROR_CODES } from './OverlayError.ts';
import type { PublicProfile } from './publicProfile.ts';
import type { StreamEvent } from './streamEvents.ts';

/**
 * The bridge between the module host and a module frame (docs/modules.md,
 * "The bridge protocol"). Hello goes to the parent window; welcome comes back with a
 * MessagePort; everything else flows on that port. The SDK hand-checks the few
 * fields it reads (it must stay small); the host parses with these schemas.
 */
export const BRIDGE_VERSION = 1;

const version = z.literal(BRIDGE_VERSION);
/** Request ids are the SDK's own counter; they only pair replies with calls. */
const requestId = /* @__PURE__ */ z.int().check(z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER));
const token = /* @__PURE__ */ z.string().check(z.minLength(1), z.maxLength(128));

/** Module -> parent window, repeated until welcomed. `session` is random per page load. */
export const HelloSchema = z.object({ v: version, k: z.literal('hello'), instance: token, session: token });
export type Hello = z.infer<typeof HelloSchema>;

/** Parent -> module window, with the port transferred. Nothing secret: it is posted to '*'. */
export const WelcomeSchema = z.object({
  v: version,
  k: z.literal('welcome'),
  instance: token,
  /** How often the host pings; the SDK answers each ping with a pong. */
  heartbeatMs: /* @__PURE__ */ z.int().check(z.positive()),
});
export type Welcome = z.infer<typeof WelcomeSchema>;

/** A call; `p` is checked against the method's own schema (`METHOD_PARAMS`). */
export const RequestSchema = z.object({
  v: version,
  k: z.literal('req'),
  id: requestId,
  m: /* @__PURE__ */ z.string().check(z.maxLength(64)),
  p: z.optional(z.unknown()),
});
export type BridgeRequest = z.infer<typeof RequestSchema>;

/** The only error shape that crosses the bridge: never a stack. */
export const BridgeErrorSchema = z.object({ code: z.enum(ERROR_CODES), message: z.string() });
export type BridgeError = z.infer<typeof BridgeErrorSchema>;

export const ReplySchema = z.union([
  z.object({ k: z.literal('res'), id: requestId, ok: z.literal(true), r: z.optional(z.unknown()) }),
  z.object({ k: z.literal('res'), id: requestId, ok: z.literal(false), e: BridgeErrorSchema }),
]);
export type BridgeReply = z.infer<typeof ReplySchema>;

/**
 * `event` carries stream events, several per message in a burst (an array of records, oldest first); `layout` the module's box.
 * Alert modules (manifest `alerts`) also get `alert` (an AlertStart: the queue shows one now), `alertAbort` (`{n}`: the
 * streamer skipped it) and `alerts` (AlertsSwitches: the streamer's pause and mute, at connect and on every change).
 */
export const BRIDGE_EVENTS = ['profile', 'change', 'status', 'visible', 'hidden', 'event', 'layout', 'alert', 'alertAbort', 'alerts'] as const;
export type BridgeEventName = (typeof BRIDGE_EVENTS)[number];

/** `c` (on `change`): the highest request id the host had received from the module when it sent the event. */
export const EventSchema = z.object({ k: z.literal('evt'), n: z.enum(BRIDGE_EVENTS), d: z.optional(z.unknown()), c: z.optional(requestId) });
export type BridgeEvent = z.infer<typeof EventSchema>;

/** Heartbeat: the host pings, the SDK echoes `t` in a pong. */
export const PingSchema = z.object({ k: z.literal('ping'), t: z.int() });
export const PongSchema = z.object({ k: z.literal('pong'), t: z.int() });
export type Ping = z.infer<typeof PingSchema>;
export type Pong = z.infer<typeof PongSchema>;

/** Everything a module may send on its port. */
// A plain union: each option's literal tag fails the others, and the overlay page carries one zod kind less.
export const ModuleMessageSchema = z.union([RequestSchema, PongSchema]);
export type ModuleMessage = z.infer<typeof ModuleMessageSchema>;

/** Everything the host sends on a module's port. */
export const HostMessageSchema = z.union([ReplySchema, EventSchema, PingSchema]);
export type HostMessage = z.infer<typeof HostMessageSchema>;

const key = z.string();
/** The host's number of one alert shown to one module; only the module it was shown to may answer it. */
const alertNumber = /* @__PURE__ */ z.int().check(z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER));

/**
 * Parameters of each method. `db.set` carries the value as JSON text: the host
 * then never walks an object graph built by untrusted code, and its size is a
 * string length.
 */
export const METHOD_PARAMS = {
  ready: z.object({}),
  profile: z.object({}),
  'db.get': z.object({ key }),
  'db.set': z.object({ key, json: z.string() }),
  settings: z.object({}),
  /** `GET /me/events` through the page's own client: the module never holds the token. */
  'events.list': z.object({
    after: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
    limit: z.optional(z.int().check(z.minimum(1), z.maximum(1000))),
  }),
  /** The module's answer to the alert `n`: `showing` (its handler returned a promise) or not its alert (done at once). */
  'alert.result': z.object({ n: alertNumber, showing: z.boolean() }),
  /** The module is done with the alert `n` (its promise settled, or it called `alert.done()`). */
  'alert.done': z.object({ n: alertNumber }),
  /**
   * The module's page refused one of its own requests (a `securitypolicyviolation`: it reached
   * an origin its manifest does not declare in `connect`). Told by the SDK, shown to the author.
   */
  refused: z.object({
    directive: z.string().check(z.maxLength(64)),
    url: z.string().check(z.maxLength(2048)),
  }),
} as const;
export type BridgeMethod = keyof typeof METHOD_PARAMS;
export const BRIDGE_METHODS = /* @__PURE__ */ Object.keys(METHOD_PARAMS) as BridgeMethod[];

/** A request the module page's policy refused: `directive` (e.g. `connect-src`) and the refused URL. */
export type Refusal = z.infer<(typeof METHOD_PARAMS)['refused']>;

/** Where a module's page runs: on stream in the overlay page, or as its control panel in the dock. */
export type ModuleContext = 'overlay' | 'panel';

/** What `ready` answers, and `Overlay.ready` resolves with. */
export interface ReadyInfo {
  id: string;
  kind: Kind;
  profile: PublicProfile;
  context: ModuleContext;
}

/**
 * Payload of the `change` event: `key` is the plain name, `from` the writer's
 * module id (empty when the page learned of the value by re-reading it, so the
 * writer is unknown).
 */
export interface ChangeEvent {
  key: string;
  value: Json;
  from: string;
}

/** A write of this module that the server refused for good. */
export interface FailedWriteView {
  key: string;
  code: BridgeError['code'];
  message: string;
}

/** Payload of the `status` event; `failed` lists only the receiving module's own writes. */
export interface StatusEvent {
  online: boolean;
  pending: number;
  failed: FailedWriteView[];
  /** How writes made elsewhere reach the page: `live` as they happen, `polling` every 5 s (no live endpoint), `connecting` not yet. */
  live: LiveStatus;
}

/** Payload of the `alert` event: the alert `n` starts now in this module. */
export interface AlertStart {
  n: number;
  /** The event record (its marks `replayed`, `missed` included). */
  event: StreamEvent;
  /** The streamer muted alerts: show it without sound. */
  muted: boolean;
}

/** Payload of the `alerts` event: the streamer's switches of the alert queue. */
export interface AlertsSwitches {
  paused: boolean;
  muted: boolean;
}
