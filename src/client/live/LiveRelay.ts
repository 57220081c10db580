import * as z from 'zod/mini';

const LiveStateSchema = z.enum(['live', 'polling', 'connecting']);

/**
 * What the tab holding the live connection tells the other tabs of the same
 * data space (over the queue's BroadcastChannel), and their question to it.
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
  z.object({ t: z.literal('live-state'), state: LiveStateSchema }),
  /** The server could not replay: every tab re-reads the keys its modules use. */
  z.object({ t: z.literal('live-resync') }),
  /** A stream-event message the holder received (checked again by the receiving tab's feed). */
  z.object({ t: z.literal('live-events'), m: z.unknown() }),
  /** A tab started: the holder answers with its state. */
  z.object({ t: z.literal('live-hello') }),
] as const;

/** True for the live sync's own messages among the queue channel's. */
export function isLiveRelay<T extends { t: string }>(message: T): message is Extract<T, { t: `live${string}` }> {
  return message.t.startsWith('live');
}
