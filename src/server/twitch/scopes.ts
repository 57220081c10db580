/**
 * The scopes the login asks for: exactly what the EventSub subscriptions need
 * (docs/twitch.md says which needs which). `channel.raid`, `stream.online`,
 * `stream.offline` and `channel.update` need none.
 */
export const TWITCH_SCOPES = [
  'moderator:read:followers', // channel.follow v2
  'channel:read:subscriptions', // channel.subscribe, channel.subscription.message, channel.subscription.gift
  'bits:read', // channel.cheer
  'channel:read:redemptions', // channel.channel_points_custom_reward_redemption.add
  'user:read:chat', // channel.chat.message
] as const;
