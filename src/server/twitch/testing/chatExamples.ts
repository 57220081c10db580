import { EVENTSUB_EXAMPLES } from './eventSubExamples.ts';

const base = EVENTSUB_EXAMPLES['channel.chat.message']!;
const text = (value: string) => ({ type: 'text', text: value, cheermote: null, emote: null, mention: null });
const emote = (name: string, id: string) => ({ type: 'emote', text: name, cheermote: null, mention: null, emote: { id, emote_set_id: '0', owner_id: '0', format: ['static'] } });

/**
 * `channel.chat.message` events as EventSub sends them: Twitch's documented
 * example, a message with emotes between words, a `/me` action (the CTCP
 * ACTION marker around the text) and a chatter without a colour.
 */
export const CHAT_EXAMPLES = {
  hello: base,
  emotes: {
    ...base,
    message_id: 'b2c1e6d4-6f1d-4b0e-9d77-1b1f0c2a7e11',
    chatter_user_login: 'cozycactus',
    chatter_user_name: 'CozyCactus',
    color: '#1E90FF',
    badges: [{ set_id: 'vip', id: '1', info: '' }],
    message: { text: 'gg Kappa what a run PogChamp', fragments: [text('gg '), emote('Kappa', '25'), text(' what a run '), emote('PogChamp', '305954156')] },
  },
  action: {
    ...base,
    message_id: '0f5b9a40-3c55-47a7-a1a4-6f0c9a6d2b90',
    chatter_user_login: 'pabu_master',
    chatter_user_name: 'Pabu_Master',
    color: '#FF4500',
    badges: [],
    message: { text: '\u0001ACTION waves at chat\u0001', fragments: [text('\u0001ACTION waves at chat\u0001')] },
  },
  noColour: {
    ...base,
    message_id: '6a9e43a2-82a4-4e36-9f0c-3e6b1d7f5c21',
    chatter_user_login: 'quietviewer',
    chatter_user_name: 'QuietViewer',
    color: '',
    badges: [],
    message: { text: '<b>not bold</b>', fragments: [text('<b>not bold</b>')] },
  },
} as const;

/** A record as the page hands it to modules (events.md), around one example. */
export function chatRecord(id: string, event: Record<string, unknown>) {
  return { id, at: Date.now(), source: 'twitch' as const, test: false, subscription: { type: 'channel.chat.message', version: '1' }, event };
}
