import type { ApiClient } from '@twurple/api';
import type { EventSubSubscription } from '@twurple/eventsub-base';
import { EventSubWsListener } from '@twurple/eventsub-ws';
import type { EventStore } from '../events/index.ts';
import { PROFILE_TRIGGERS, SUBSCRIBED_TYPES } from './eventSubTypes.ts';

export interface EventSubSessionOptions {
  /** Our user: where the events are stored. */
  userId: string;
  twitchUserId: string;
  apiClient: ApiClient;
  events: EventStore;
  /** Called after an event that changes the stream (online, offline, channel update). */
  onStreamChange?: () => void;
  log?: (line: string) => void;
}

export interface EventSubSession {
  stop(): void;
}

/** What reaches us from twurple's socket, with the message id twurple's typed handlers leave out. */
type Deliver = (subscription: EventSubSubscription, payload: Record<string, unknown>, messageId: string) => void;

/**
 * twurple's listener, asked for the raw notification: the record keeps `event`
 * exactly as Twitch sent it and its `message_id` as the id, which twurple's
 * typed handlers do not expose. The protocol (welcome, keepalive timeout and
 * reconnect with backoff, `session_reconnect`, subscribing again) is twurple's.
 */
class RawEventSubWsListener extends EventSubWsListener {
  deliver: Deliver = () => {};

  override _handleSingleEventPayload(subscription: EventSubSubscription, payload: Record<string, unknown>, messageId: string): void {
    this.deliver(subscription, payload, messageId);
  }
}

/** One EventSub WebSocket session for one streamer, subscribed to every type in SUBSCRIBED_TYPES. */
export function createEventSubSession(options: EventSubSessionOptions): EventSubSession {
  const { userId, twitchUserId, apiClient, events, onStreamChange, log = console.warn } = options;
  const listener = new RawEventSubWsListener({ apiClient, logger: { custom: (_level, message) => log(`Twitch (user ${userId}): ${message}`), minLevel: 'warning' } });
  const kinds = new Map<EventSubSubscription, { type: string; version: string }>();
  for (const kind of SUBSCRIBED_TYPES) kinds.set(kind.subscribe(listener, twitchUserId, () => {}), kind);
  listener.deliver = (subscription, payload, messageId) => {
    const kind = kinds.get(subscription);
    if (!kind) return log(`Twitch (user ${userId}): notification of an unknown subscription ignored`);
    events.append(userId, { type: kind.type, version: kind.version, event: payload, id: messageId, source: 'twitch' }).then(
      () => {
        if (PROFILE_TRIGGERS.has(kind.type)) onStreamChange?.();
      },
      (error: unknown) => log(`Twitch (user ${userId}): cannot store a ${kind.type} event: ${(error as Error).message}`),
    );
  };
  listener.onRevoke((subscription, status) => {
    log(`Twitch (user ${userId}): ${kinds.get(subscription)?.type ?? 'a'} subscription revoked by Twitch (${status}); its events stop until the next login`);
  });
  listener.onSubscriptionCreateFailure((subscription, error) => {
    log(`Twitch (user ${userId}): cannot subscribe to ${kinds.get(subscription)?.type}: ${error.message}`);
  });
  listener.onUserSocketDisconnect((_, error) => {
    if (error) log(`Twitch (user ${userId}): EventSub connection lost (${describeClose(error.message)}); reconnecting`);
  });
  listener.start();
  guardMessages(listener, (error) => log(`Twitch (user ${userId}): malformed EventSub message ignored (${error.message})`));
  return { stop: () => listener.stop() };
}

/** The parts of twurple's socket we reach into; see guardMessages. */
interface TwurpleSocketInternals {
  _sockets?: Map<string, { _connection?: { emit: (...args: unknown[]) => void } }>;
}

/**
 * twurple parses each message inside the WebSocket's message handler, so a
 * malformed one would throw out of it and end the process. Every socket's
 * connection emits through this guard instead: the message is logged and
 * dropped, and the session goes on. The sockets exist once `start()` returned.
 */
function guardMessages(listener: EventSubWsListener, onError: (error: Error) => void): void {
  for (const socket of (listener as unknown as TwurpleSocketInternals)._sockets?.values() ?? []) {
    const connection = socket._connection;
    if (!connection) continue;
    const emit = connection.emit.bind(connection);
    connection.emit = (...args: unknown[]) => {
      try {
        emit(...args);
      } catch (error) {
        onError(error as Error);
      }
    };
  }
}

/** Twitch's EventSub close codes, in words (twurple reconnects after each). */
const CLOSE_CODES: Record<string, string> = {
  '4000': 'internal server error',
  '4001': 'client sent inbound traffic',
  '4002': 'client failed ping-pong',
  '4003': 'connection unused',
  '4004': 'reconnect grace time expired',
  '4005': 'network timeout',
  '4006': 'network error',
  '4007': 'invalid reconnect',
};

function describeClose(message: string): string {
  const code = /^\[(\d+)\]/.exec(message)?.[1];
  return code && CLOSE_CODES[code] ? `${code} ${CLOSE_CODES[code]}` : message;
}
