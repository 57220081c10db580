/**
 * The example payloads of Twitch's EventSub reference, one per type the test
 * buttons emulate, unchanged but for the test edits below. Source:
 * https://dev.twitch.tv/docs/eventsub/eventsub-subscription-types/
 * (each type's "Example" notification; `event` only, as a record carries it).
 * Shared by the dock's and the studio's test buttons, the browser-test
 * fixtures (`overlay.emitEvent`) and module specs. No zod here: browser
 * bundles import it.
 */

/** The payload of one notification, as EventSub sends it. */
export type EventSubPayload = { [key: string]: unknown };

/** A type the test buttons emulate, with the reference's version and example. */
export interface EventSubExample {
  type: string;
  version: string;
  event: EventSubPayload;
}

const broadcaster = { broadcaster_user_id: '1337', broadcaster_user_login: 'cooler_user', broadcaster_user_name: 'Cooler_User' };
const viewer = { user_id: '1234', user_login: 'cool_user', user_name: 'Cool_User' };

// Built by a function marked pure: the object spreads below would otherwise keep
// the examples in every bundle that imports src/api, the overlay page's included.
export const EVENTSUB_EXAMPLES = /* @__PURE__ */ referenceExamples();

function referenceExamples() {
  return {
    'channel.follow': {
      type: 'channel.follow',
      version: '2',
      event: { ...viewer, ...broadcaster, followed_at: '2020-07-15T18:16:11.17106713Z' },
    },
    'channel.subscribe': {
      type: 'channel.subscribe',
      version: '1',
      event: { ...viewer, ...broadcaster, tier: '1000', is_gift: false },
    },
    'channel.subscription.message': {
      type: 'channel.subscription.message',
      version: '1',
      event: {
        ...viewer,
        ...broadcaster,
        tier: '1000',
        message: { text: 'Love the stream! FevziGG', emotes: [{ begin: 23, end: 30, id: '302976485' }] },
        cumulative_months: 15,
        streak_months: 1,
        duration_months: 6,
      },
    },
    'channel.subscription.gift': {
      type: 'channel.subscription.gift',
      version: '1',
      event: { ...viewer, ...broadcaster, total: 2, tier: '1000', cumulative_total: 284, is_anonymous: false },
    },
    'channel.cheer': {
      type: 'channel.cheer',
      version: '1',
      event: { is_anonymous: false, ...viewer, ...broadcaster, message: 'pogchamp', bits: 1000 },
    },
    'channel.raid': {
      type: 'channel.raid',
      version: '1',
      event: {
        from_broadcaster_user_id: '1234',
        from_broadcaster_user_login: 'cool_user',
        from_broadcaster_user_name: 'Cool_User',
        to_broadcaster_user_id: '1337',
        to_broadcaster_user_login: 'cooler_user',
        to_broadcaster_user_name: 'Cooler_User',
        viewers: 9001,
      },
    },
    'channel.channel_points_custom_reward_redemption.add': {
      type: 'channel.channel_points_custom_reward_redemption.add',
      version: '1',
      event: {
        id: '17fa2df1-ad76-4804-bfa5-a40ef63efe63',
        ...broadcaster,
        ...viewer,
        user_input: 'pogchamp',
        status: 'unfulfilled',
        reward: { id: '92af127c-7326-4483-a52b-b0da0be61c01', title: 'title', cost: 100, prompt: 'reward prompt' },
        redeemed_at: '2020-07-15T17:16:03.17106713Z',
      },
    },
    'channel.chat.message': {
      type: 'channel.chat.message',
      version: '1',
      event: {
        broadcaster_user_id: '1971641',
        broadcaster_user_login: 'streamer',
        broadcaster_user_name: 'streamer',
        chatter_user_id: '4145994',
        chatter_user_login: 'viewer32',
        chatter_user_name: 'viewer32',
        message_id: 'cc106a89-1814-919d-454c-f4f2f970aae7',
        message: { text: 'Hi chat', fragments: [{ type: 'text', text: 'Hi chat', cheermote: null, emote: null, mention: null }] },
        color: '#00FF7F',
        badges: [
          { set_id: 'moderator', id: '1', info: '' },
          { set_id: 'subscriber', id: '12', info: '16' },
          { set_id: 'sub-gifter', id: '1', info: '' },
        ],
        message_type: 'text',
        cheer: null,
        reply: null,
        channel_points_custom_reward_id: null,
      },
    },
  } satisfies Record<string, EventSubExample>;
}

export type ExampleType = keyof typeof EVENTSUB_EXAMPLES;

/** Where a type keeps who did it (display name and login) and how much. */
interface Fields {
  name: string;
  login: string;
  amount?: string[];
}

const FIELDS: Record<ExampleType, Fields> = {
  'channel.follow': { name: 'user_name', login: 'user_login' },
  'channel.subscribe': { name: 'user_name', login: 'user_login' },
  'channel.subscription.message': { name: 'user_name', login: 'user_login', amount: ['cumulative_months'] },
  'channel.subscription.gift': { name: 'user_name', login: 'user_login', amount: ['total'] },
  'channel.cheer': { name: 'user_name', login: 'user_login', amount: ['bits'] },
  'channel.raid': { name: 'from_broadcaster_user_name', login: 'from_broadcaster_user_login', amount: ['viewers'] },
  'channel.channel_points_custom_reward_redemption.add': { name: 'user_name', login: 'user_login', amount: ['reward', 'cost'] },
  'channel.chat.message': { name: 'chatter_user_name', login: 'chatter_user_login' },
};

/** The test buttons, in the dock's order, with their accessible names (docs/events.md). */
export const TEST_BUTTONS: readonly { label: string; type: ExampleType }[] = [
  { label: 'Test follow', type: 'channel.follow' },
  { label: 'Test subscription', type: 'channel.subscribe' },
  { label: 'Test resub', type: 'channel.subscription.message' },
  { label: 'Test gift bomb', type: 'channel.subscription.gift' },
  { label: 'Test cheer', type: 'channel.cheer' },
  { label: 'Test raid', type: 'channel.raid' },
  { label: 'Test redemption', type: 'channel.channel_points_custom_reward_redemption.add' },
  { label: 'Test chat message', type: 'channel.chat.message' },
];

/** True when the type's example has an amount (bits, viewers, months, gifts, cost). */
export function hasAmount(type: ExampleType): boolean {
  return FIELDS[type].amount !== undefined;
}

/** A fresh copy of the reference example, with the test's user name and amount put in. */
export function exampleEvent(type: ExampleType, edits: { userName?: string; amount?: number } = {}): EventSubPayload {
  const event = structuredClone(EVENTSUB_EXAMPLES[type].event) as EventSubPayload;
  const fields = FIELDS[type];
  const name = edits.userName?.trim();
  if (name) {
    event[fields.name] = name;
    event[fields.login] = name.toLowerCase();
  }
  if (fields.amount && edits.amount !== undefined && Number.isFinite(edits.amount)) {
    const path = fields.amount;
    let holder = event;
    for (const part of path.slice(0, -1)) holder = holder[part] as EventSubPayload;
    holder[path.at(-1) as string] = edits.amount;
  }
  return event;
}

/** The body of `POST /me/events` for a test button. */
export function testEventBody(type: ExampleType, edits: { userName?: string; amount?: number } = {}) {
  return { type, version: EVENTSUB_EXAMPLES[type].version, event: exampleEvent(type, edits), test: true };
}
