import type { StreamEvent } from '../api/index.ts';

/** How an activity entry names an event: what, who, how much. */
export interface EventSummary {
  what: string;
  who: string;
  amount: string;
}

const NAMES: Record<string, string> = {
  'channel.follow': 'Follow',
  'channel.subscribe': 'Subscription',
  'channel.subscription.message': 'Resub',
  'channel.subscription.gift': 'Gift subs',
  'channel.cheer': 'Cheer',
  'channel.raid': 'Raid',
  'channel.channel_points_custom_reward_redemption.add': 'Redemption',
  'channel.chat.message': 'Chat',
};

/** Member names EventSub uses for who did it, in the order they are looked for. */
const WHO = ['user_name', 'from_broadcaster_user_name', 'chatter_user_name', 'user_login'];

/** A short, human summary of any record; unknown types show their type and no amount. */
export function describeEvent(record: StreamEvent): EventSummary {
  const event = record.event;
  const found = WHO.map((name) => event[name]).find((value) => typeof value === 'string' && value !== '');
  const who = typeof found === 'string' ? found : event.is_anonymous === true ? 'Anonymous' : '';
  return { what: NAMES[record.subscription.type] ?? record.subscription.type, who, amount: amountOf(event) };
}

function amountOf(event: StreamEvent['event']): string {
  const count = (value: unknown, unit: string) => (typeof value === 'number' ? `${value} ${unit}` : null);
  const reward = event.reward as { cost?: unknown } | undefined;
  return (
    count(event.bits, 'bits') ??
    count(event.viewers, 'viewers') ??
    count(event.total, 'gifts') ??
    count(event.cumulative_months, 'months') ??
    count(reward?.cost, 'points') ??
    ''
  );
}
