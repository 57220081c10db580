import * as z from 'zod/mini';
import { AlertsStateSchema, type AlertsState, type StreamEvent, StreamEventSchema } from '../../api/index.ts';

const page = z.string();
const seq = z.number();

/**
 * What the pages of one alert queue tell each other over their BroadcastChannel.
 * The leading page decides (`start`, `abort`, `view`, `ack`); every page says it is
 * alive (`beat`), offers what its feed hands on, and says when it finished an alert.
 */
// A plain union: each option's literal tag fails the others.
export const AlertMessageSchema = z.union([
  /** Every page, every `beatMs`: alive, in OBS's program output or not, which alert it shows and which it finished last. */
  z.object({ t: z.literal('beat'), page, active: z.boolean(), presenting: z.nullable(seq), done: z.nullable(seq) }),
  /** A page closes. */
  z.object({ t: z.literal('bye'), page }),
  /** A page offers an event to the leader. */
  z.object({ t: z.literal('offer'), event: StreamEventSchema }),
  /** The leader has stored these offers (keys from `alertKey`): the pages forget them. */
  z.object({ t: z.literal('ack'), keys: z.array(z.string()) }),
  /** A page heard the streamer's state; `at` orders what pages heard at different times. */
  z.object({ t: z.literal('state'), paused: z.boolean(), muted: z.boolean(), at: z.number() }),
  /** skip the alert `seq` (the one the page saw showing), clear those waiting up to `seq` (the last it saw queued). */
  z.object({ t: z.literal('command'), command: z.enum(['skip', 'clear']), seq: z.nullable(seq) }),
  /** Leader: every page shows this alert now. */
  z.object({ t: z.literal('start'), seq, event: StreamEventSchema, muted: z.boolean() }),
  /** Leader: end the alert `seq` now (skipped, or over its time). */
  z.object({ t: z.literal('abort'), seq }),
  /** A page finished showing the alert `seq`. */
  z.object({ t: z.literal('done'), page, seq }),
  /** Leader: the queue as it is now, and the numbers commands refer to. */
  z.object({ t: z.literal('view'), state: AlertsStateSchema, showingSeq: z.nullable(seq), tailSeq: seq }),
  /** A page took the lead: the others say what they show and offer again what was not stored. */
  z.object({ t: z.literal('leader'), page }),
]);

export type AlertMessage =
  | { t: 'beat'; page: string; active: boolean; presenting: number | null; done: number | null }
  | { t: 'bye'; page: string }
  | { t: 'offer'; event: StreamEvent }
  | { t: 'ack'; keys: string[] }
  | { t: 'state'; paused: boolean; muted: boolean; at: number }
  | { t: 'command'; command: 'skip' | 'clear'; seq: number | null }
  | { t: 'start'; seq: number; event: StreamEvent; muted: boolean }
  | { t: 'abort'; seq: number }
  | { t: 'done'; page: string; seq: number }
  | { t: 'view'; state: AlertsState; showingSeq: number | null; tailSeq: number }
  | { t: 'leader'; page: string };

export type Beat = Extract<AlertMessage, { t: 'beat' }>;

/** The id an event is deduplicated by: a replay is a new alert, not the event it replays. */
export function alertKey(event: StreamEvent): string {
  return event.replayed ? `replay:${event.id}` : event.id;
}
