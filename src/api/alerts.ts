import * as z from 'zod/mini';
import { StreamEventSchema } from './streamEvents.ts';

/**
 * The alert queue's wire contract (docs/alerts.md): the streamer's stored state, the
 * commands of `POST /me/alerts/<command>`, what an overlay page reports, and the live
 * channel's two messages. The server and every page read these names from here only.
 */

/** Path of the state, relative to the API base; commands are `${ALERTS_PATH}/<command>`. */
export const ALERTS_PATH = '/me/alerts';
/** Where an overlay page reports what it shows and how many wait (`POST`, overlay token). */
export const ALERTS_REPORT_PATH = '/me/alerts/report';

/** Commands that change the stored state: answered 200 with the state. */
export const ALERT_STATE_COMMANDS = ['pause', 'resume', 'toggle-pause', 'mute', 'unmute', 'toggle-mute'] as const;
/** Commands that act on what the pages hold now: answered 202. */
export const ALERT_QUEUE_COMMANDS = ['skip', 'clear'] as const;
export type AlertStateCommand = (typeof ALERT_STATE_COMMANDS)[number];
export type AlertQueueCommand = (typeof ALERT_QUEUE_COMMANDS)[number];
export type AlertCommand = AlertStateCommand | AlertQueueCommand;

/** A report older than this no longer counts: `waiting` reads 0 and `showing` null. */
export const ALERT_REPORT_TTL_MS = 60_000;
/** At most this many alerts wait in one queue; past it the oldest waiting one is dropped. */
export const ALERT_QUEUE_MAX = 500;
/** A module's `alertSeconds` when its manifest gives none, and the most it may ask for. */
export const ALERT_SECONDS_DEFAULT = 30;
export const ALERT_SECONDS_MAX = 120;

/** What an overlay page reports (body of `POST /me/alerts/report`). `dropped`: alerts dropped as the queue overflowed since the page started. */
export const AlertReportSchema = z.object({
  showing: z.nullable(StreamEventSchema),
  waiting: z.number().check(z.int(), z.minimum(0)),
  /** Why nothing starts although alerts wait: `paused`, or `hidden` (a page of the queue is not in OBS's program output). */
  held: z.optional(z.enum(['paused', 'hidden'])),
  dropped: z.optional(z.number().check(z.int(), z.minimum(0))),
});
export type AlertReport = z.infer<typeof AlertReportSchema>;

/** The answer of `GET /me/alerts` and of the state commands. */
export const AlertsStateSchema = z.object({
  paused: z.boolean(),
  muted: z.boolean(),
  showing: z.nullable(StreamEventSchema),
  waiting: z.number(),
  held: z.optional(z.enum(['paused', 'hidden'])),
  dropped: z.optional(z.number()),
});
export type AlertsState = z.infer<typeof AlertsStateSchema>;

/**
 * Orders the live channel's alert states (docs/alerts.md, "On the live channel"): `n` grows by one with every
 * stored change of the user's alert state (a command or a report), in the same atomic step as the change;
 * `epoch` names the life of that stored state (drawn when it is first stored, `''` before), so a store that
 * lost it (a memory store restarted, Redis emptied) starts a new count that is not taken as older.
 */
export const AlertsRevisionSchema = z.object({ epoch: z.string(), n: z.number() });
export type AlertsRevision = z.infer<typeof AlertsRevisionSchema>;

/** True when a state of revision `next` is older than one of revision `applied`: receivers drop it. */
export function isOlderAlertsRevision(next: AlertsRevision, applied: AlertsRevision): boolean {
  return next.epoch === applied.epoch && next.n < applied.n;
}

/** The stored state and its revision, as the live channel carries it (an `alerts` message, and a `ready`'s `alerts`). */
export const RevisedAlertsStateSchema = z.object({ state: AlertsStateSchema, revision: AlertsRevisionSchema });
export type RevisedAlertsState = z.infer<typeof RevisedAlertsStateSchema>;

/**
 * Live message: the streamer's alert state changed (a command, or a page's report). Sent on every space of the user.
 * Two instances may publish theirs in either order: a receiver drops a state older than one it applied (`isOlderAlertsRevision`).
 */
export const LiveAlertsSchema = z.object({ type: z.literal('alerts'), state: AlertsStateSchema, revision: AlertsRevisionSchema });
/** Live message: `skip` ends the alert showing now on every page; `clear` drops every alert waiting now. */
export const LiveAlertCommandSchema = z.object({
  type: z.literal('alertCommand'),
  command: z.enum(ALERT_QUEUE_COMMANDS),
  /** Distinct per command: every page of a browser hears it (one socket per page and kind), the browser's queue acts once. */
  id: z.optional(z.string()),
});
export type LiveAlertsMessage = z.infer<typeof LiveAlertsSchema>;
export type LiveAlertCommandMessage = z.infer<typeof LiveAlertCommandSchema>;

/** Event types that never enter the queue: chat (`channel.chat.*`). */
export function entersAlertQueue(type: string): boolean {
  return !type.startsWith('channel.chat.');
}
