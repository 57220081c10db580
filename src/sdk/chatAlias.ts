/**
 * `Overlay.on('chat', fn)`: the hosted SDK's `SLIVE.on('chat')`. It hears the
 * same records as `Overlay.on('event')`, only those of Twitch's chat messages.
 */
export const CHAT_EVENT_TYPE = 'channel.chat.message';

/** Wraps a chat listener so that it can listen to every event record and hears only chat messages. */
export function chatOnly(listener: (record: never) => void): (record: unknown) => void {
  return (record) => {
    const type = (record as { subscription?: { type?: unknown } } | null)?.subscription?.type;
    if (type === CHAT_EVENT_TYPE) listener(record as never);
  };
}
