import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { CHAT_EXAMPLES, chatRecord } from '../server/twitch/testing/chatExamples.ts';

/** The chat box module's ChatView, loaded as the page loads it (a classic script). */
function loadChatView() {
  const sandbox: { ChatView?: { toChatLine(record: unknown): unknown; keepNewest(lines: unknown[], line: unknown, max: number): unknown[] } } = {};
  runInNewContext(`globalThis.ChatView = undefined; ${readFileSync('modules/demo.tool.chat/chatView.js', 'utf8')}`, sandbox);
  return sandbox.ChatView!;
}

describe('demo.tool.chat on recorded channel.chat.message payloads', () => {
  const view = loadChatView();

  it("shows Twitch's example: name in its colour, a letter per badge, the text", () => {
    expect(view.toChatLine(chatRecord('m1', CHAT_EXAMPLES.hello))).toEqual({
      id: 'm1',
      name: 'viewer32',
      colour: '#00FF7F',
      badges: [
        { set: 'moderator', letter: 'M' },
        { set: 'subscriber', letter: 'S' },
        { set: 'sub-gifter', letter: 'G' },
      ],
      parts: [{ kind: 'text', text: 'Hi chat' }],
      action: false,
    });
  });

  it('turns emote fragments into images from the Twitch CDN, between the text', () => {
    const line = view.toChatLine(chatRecord('m2', CHAT_EXAMPLES.emotes)) as { parts: unknown[] };
    expect(line.parts).toEqual([
      { kind: 'text', text: 'gg ' },
      { kind: 'emote', alt: 'Kappa', url: 'https://static-cdn.jtvnw.net/emoticons/v2/25/default/dark/1.0' },
      { kind: 'text', text: ' what a run ' },
      { kind: 'emote', alt: 'PogChamp', url: 'https://static-cdn.jtvnw.net/emoticons/v2/305954156/default/dark/1.0' },
    ]);
  });

  it('marks /me actions and strips their marker', () => {
    expect(view.toChatLine(chatRecord('m3', CHAT_EXAMPLES.action))).toMatchObject({ action: true, parts: [{ kind: 'text', text: 'waves at chat' }] });
  });

  it('gives a chatter without a colour a stable one, and keeps markup as text', () => {
    const first = view.toChatLine(chatRecord('m4', CHAT_EXAMPLES.noColour)) as { colour: string; parts: unknown[] };
    expect(first.colour).toMatch(/^#[0-9a-f]{6}$/);
    expect((view.toChatLine(chatRecord('m5', CHAT_EXAMPLES.noColour)) as { colour: string }).colour).toBe(first.colour);
    expect(first.parts).toEqual([{ kind: 'text', text: '<b>not bold</b>' }]);
  });

  it('ignores records of other types, and keeps only the newest N lines', () => {
    expect(view.toChatLine({ id: 'r', subscription: { type: 'channel.raid', version: '1' }, event: {} })).toBeNull();
    expect(view.keepNewest([1, 2, 3], 4, 3)).toEqual([2, 3, 4]);
    expect(view.keepNewest([], 1, 0)).toEqual([1]);
  });
});
