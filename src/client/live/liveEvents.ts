import { LiveEventSchema, LiveEventsResetSchema, type StreamEvent } from '../../api/index.ts';

/**
 * What the live socket carries for stream events (docs/events.md): an event,
 * a reset (the events after `eventsAfter` are gone), and `ready`'s
 * `eventCursor` (the current end), handed on as `eventsReady`.
 */
export type LiveEventsMessage =
  | { type: 'event'; cursor: string; event: StreamEvent }
  | { type: 'eventsReset'; cursor: string }
  | { type: 'eventsReady'; cursor: string };

/** Where stream events on the live socket go, and where they resume from. */
export interface LiveEventsHook {
  /** The cursor of the last event handed over, sent as `eventsAfter` at each connect. */
  after(): string | undefined;
  receive(message: LiveEventsMessage): void;
}

/** The stream-event message in a parsed live message, if it is one. */
export function readLiveEvent(parsed: unknown): LiveEventsMessage | null {
  const type = (parsed as { type?: unknown } | null)?.type;
  if (type === 'event') {
    const message = LiveEventSchema.safeParse(parsed);
    return message.success ? message.data : null;
  }
  if (type === 'eventsReset') {
    const message = LiveEventsResetSchema.safeParse(parsed);
    return message.success ? message.data : null;
  }
  if (type === 'ready') {
    const cursor = (parsed as { eventCursor?: unknown }).eventCursor;
    return typeof cursor === 'string' ? { type: 'eventsReady', cursor } : null;
  }
  return null;
}
