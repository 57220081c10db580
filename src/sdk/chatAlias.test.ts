import { describe, expect, it } from 'vitest';
import { CHAT_EVENT_TYPE, chatOnly } from './chatAlias.ts';

describe("Overlay.on('chat')", () => {
  it('hears the channel.chat.message records of the event stream, and nothing else', () => {
    const heard: unknown[] = [];
    const listener = chatOnly((record) => heard.push(record));
    const chat = { id: 'a', subscription: { type: CHAT_EVENT_TYPE, version: '1' }, event: { message: { text: 'hi' } } };
    listener({ id: 'b', subscription: { type: 'channel.raid', version: '1' }, event: {} });
    listener(chat);
    listener(null);
    listener({ subscription: { type: 'custom.chat' } });
    expect(heard).toEqual([chat]);
  });
});
