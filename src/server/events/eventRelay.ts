import { comparePositions, parseEventCursor } from './eventCursor.ts';
import type { BusListener, BusMessage, EventBus } from './EventBus.ts';
import { encodeLiveEvent } from './newRecord.ts';

/** A live socket's part of its user's events (docs/events.md, On the live channel). */
export interface EventSubscription {
  /** The current end, for `ready`'s `eventCursor`: after the events `begin` replays. */
  cursor: string;
  /** Sends the events after `eventsAfter` (or `eventsReset`), then every new message; until then they wait. */
  begin(): void;
  leave(): void;
}

/** Where a subscription starts: the current end, and what to send first (the replay, or `eventsReset`). */
export interface Opening {
  cursor: string;
  first: Buffer[];
}

/**
 * One socket's relay of its user's bus: holds messages until `begin`, then
 * gives new records only after the last one given (the replay and the live
 * messages may overlap), replays always. A class with one object per socket,
 * because a server holds thousands of idle ones (`npm run bench -- live.idle`).
 */
export class EventRelay implements EventSubscription, BusListener {
  cursor = '';
  private last: string | undefined;
  private held: BusMessage[] | undefined = [];
  private first: Buffer[] = [];

  constructor(
    private readonly send: (message: Buffer) => void,
    private readonly bus: EventBus,
    private readonly userId: string,
  ) {}

  opened({ cursor, first }: Opening): void {
    this.cursor = cursor;
    this.last = cursor;
    this.first = first;
  }

  heard(message: BusMessage): void {
    if (this.held) this.held.push(message);
    else this.deliver(message);
  }

  begin(): void {
    for (const message of this.first) this.send(message);
    this.first = [];
    const waiting = this.held ?? [];
    this.held = undefined;
    for (const message of waiting) this.deliver(message);
  }

  leave(): void {
    this.bus.leave(this.userId, this);
  }

  private deliver(message: BusMessage): void {
    if (!message.replayed) {
      if (this.last !== undefined && isAtOrBefore(message.cursor, this.last)) return;
      this.last = message.cursor;
    }
    this.send(encodeLiveEvent(message.cursor, message.json));
  }
}

/** True when `cursor` is not after `last` (both of one log; a cursor of another epoch counts as after). */
function isAtOrBefore(cursor: string, last: string): boolean {
  const a = parseEventCursor(cursor);
  const b = parseEventCursor(last);
  return a !== undefined && b !== undefined && a.epoch === b.epoch && comparePositions(a.position, b.position) <= 0;
}
