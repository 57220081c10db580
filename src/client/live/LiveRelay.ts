import * as z from 'zod/mini';
import { LayoutSchema, LiveAlertCommandSchema, LiveAlertsSchema, LIVE_STATUSES, type Layout, type LiveStatus } from '../../api/index.ts';
import type { LiveAlertMessage } from './LiveAlerts.ts';
import type { LiveChange } from './createLiveConnection.ts';
import type { LiveEventsMessage } from './liveEvents.ts';

/**
 * What the tab holding the live connection tells the other tabs of the same
 * data space (over the queue's tab channel), and their question to it. The
 * queue's message schema includes these.
 */
export const LiveRelaySchemas = [
  /** A change the holder applied: the other tabs apply it too. */
  z.object({
    t: z.literal('live'),
    moduleId: z.string(),
    name: z.string(),
    value: z.unknown(),
    from: z.string(),
  }),
  /** The holder's connection state. */
  z.object({ t: z.literal('live-state'), state: z.enum(LIVE_STATUSES) }),
  /** The server could not replay: every tab re-reads the keys its modules use. */
  z.object({ t: z.literal('live-resync') }),
  /** A stream-event message the holder received (checked again by the receiving tab's feed). */
  z.object({ t: z.literal('live-events'), m: z.unknown() }),
  /** The holder heard `layout` (with it), or `profile` or a `ready` after a lost connection (without): see LiveNews. */
  z.object({ t: z.literal('live-news'), layout: z.optional(LayoutSchema) }),
  /** The holder heard an alert message (the state, or skip/clear). */
  z.object({ t: z.literal('live-alerts'), m: z.union([LiveAlertsSchema, LiveAlertCommandSchema]) }),
  /** A tab started: the holder answers with its state. */
  z.object({ t: z.literal('live-hello') }),
] as const;

/** What the tabs of one data space say to each other about live sync. */
export type LiveRelay =
  | ({ t: 'live' } & LiveChange)
  | { t: 'live-state'; state: LiveStatus }
  | { t: 'live-resync' }
  | { t: 'live-hello' }
  | { t: 'live-news'; layout?: Layout }
  | { t: 'live-alerts'; m: LiveAlertMessage }
  | { t: 'live-events'; m: LiveEventsMessage };

/** True for the live sync's own messages among the queue channel's. */
export function isLiveRelay<T extends { t: string }>(message: T): message is Extract<T, { t: `live${string}` }> {
  return message.t.startsWith('live');
}
