import type { EventSubSubscription } from '@twurple/eventsub-base';
import type { EventSubWsListener } from '@twurple/eventsub-ws';

/** One subscribed type: its EventSub name and version, and how twurple's listener subscribes to it. */
export interface SubscribedType {
  type: string;
  version: string;
  /** Why the overlays need it (docs/twitch.md lists the same). */
  why: string;
  subscribe(listener: EventSubWsListener, twitchUserId: string, handler: () => void): EventSubSubscription;
  /** The subscription's condition for a broadcaster, for the webhook transport's own requests. */
  condition(twitchUserId: string): Record<string, string>;
}

const broadcaster = (id: string) => ({ broadcaster_user_id: id });

/** Everything a streamer's session subscribes to, in the order the docs list them. */
export const SUBSCRIBED_TYPES: readonly SubscribedType[] = [
  { type: 'channel.follow', version: '2', why: 'follow alerts', condition: (id) => ({ broadcaster_user_id: id, moderator_user_id: id }), subscribe: (l, id, h) => l.onChannelFollow(id, id, h) },
  { type: 'channel.subscribe', version: '1', why: 'new subscriptions', condition: broadcaster, subscribe: (l, id, h) => l.onChannelSubscription(id, h) },
  { type: 'channel.subscription.message', version: '1', why: 'resubs with their message', condition: broadcaster, subscribe: (l, id, h) => l.onChannelSubscriptionMessage(id, h) },
  { type: 'channel.subscription.gift', version: '1', why: 'gift bombs', condition: broadcaster, subscribe: (l, id, h) => l.onChannelSubscriptionGift(id, h) },
  { type: 'channel.cheer', version: '1', why: 'cheers', condition: broadcaster, subscribe: (l, id, h) => l.onChannelCheer(id, h) },
  { type: 'channel.raid', version: '1', why: 'raids to the streamer', condition: (id) => ({ to_broadcaster_user_id: id }), subscribe: (l, id, h) => l.onChannelRaidTo(id, h) },
  {
    type: 'channel.channel_points_custom_reward_redemption.add',
    version: '1',
    why: 'channel-points redemptions',
    condition: broadcaster,
    subscribe: (l, id, h) => l.onChannelRedemptionAdd(id, h),
  },
  { type: 'channel.chat.message', version: '1', why: 'chat boxes and chat games', condition: (id) => ({ broadcaster_user_id: id, user_id: id }), subscribe: (l, id, h) => l.onChannelChatMessage(id, id, h) },
  { type: 'stream.online', version: '1', why: 'the profile turns live', condition: broadcaster, subscribe: (l, id, h) => l.onStreamOnline(id, h) },
  { type: 'stream.offline', version: '1', why: 'the profile turns offline', condition: broadcaster, subscribe: (l, id, h) => l.onStreamOffline(id, h) },
  { type: 'channel.update', version: '2', why: 'title, category and language in the profile', condition: broadcaster, subscribe: (l, id, h) => l.onChannelUpdate(id, h) },
];

/** Types after which the profile's stream section is read from Helix again. */
export const PROFILE_TRIGGERS = new Set(['stream.online', 'stream.offline', 'channel.update']);
