import { randomUUID } from 'node:crypto';
import type { StreamEvent } from '../../api/index.ts';
import type { NewEvent } from './EventStore.ts';

/** The record a store keeps for a new event: the poster's id or a fresh one, accepted at `at`. */
export function newRecord(event: NewEvent, at: number, randomId: () => string = randomUUID): StreamEvent {
  return {
    id: event.id ?? randomId(),
    at,
    source: event.source,
    test: event.test ?? false,
    subscription: { type: event.type, version: event.version ?? '1' },
    event: event.event,
  };
}

/** The live channel's `event` message around a record's JSON text, built once for every socket. */
export function encodeLiveEvent(cursor: string, recordJson: string): Buffer {
  return Buffer.from(`{"type":"event","cursor":${JSON.stringify(cursor)},"event":${recordJson}}`, 'utf8');
}
