import { type StreamEvent, StreamEventSchema } from '../../api/index.ts';
import type { LiveEventsMessage } from '../live/index.ts';

/** One thing that moves the feed: an event (with its cursor when live), or a new position. */
export interface Incoming {
  record?: StreamEvent;
  cursor?: string;
  /** `cursor` is the new position whatever came before (the end of a history read). */
  jump?: boolean;
  /** The socket cannot replay after the position: what followed is read from the history instead. */
  reset?: boolean;
}

/** A live message as the pump takes it; a relayed one is checked again (another tab sent it). */
export function incomingOf(message: LiveEventsMessage): Incoming | null {
  if (message?.type === 'event') {
    const record = StreamEventSchema.safeParse(message.event);
    return record.success && typeof message.cursor === 'string' ? { record: record.data, cursor: message.cursor } : null;
  }
  if (message?.type === 'eventsReset' && typeof message.cursor === 'string') return { cursor: message.cursor, reset: true };
  if (message?.type === 'eventsReady' && typeof message.cursor === 'string') return { cursor: message.cursor };
  return null;
}

