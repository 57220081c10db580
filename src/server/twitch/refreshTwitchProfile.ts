import type { ApiClient } from '@twurple/api';
import type { ProfileStore } from '../registry/index.ts';
import { mapTwitchProfile } from './mapTwitchProfile.ts';

export interface RefreshProfileOptions {
  userId: string;
  twitchUserId: string;
  apiClient: ApiClient;
  registry: ProfileStore;
  now?: () => number;
}

/**
 * Reads the streamer's user, stream and channel from Helix and replaces the
 * profile's `twitch` section when it changed; overlays get the new profile on
 * their next profile refresh, as a `profile` event. Resolves whether the stream is live.
 */
export async function refreshTwitchProfile({ userId, twitchUserId, apiClient, registry, now = Date.now }: RefreshProfileOptions): Promise<boolean> {
  const [user, stream, channel, profile] = await Promise.all([
    apiClient.users.getUserById(twitchUserId),
    apiClient.streams.getStreamByUserId(twitchUserId),
    apiClient.channels.getChannelInfoById(twitchUserId),
    registry.profile(userId),
  ]);
  if (!user) throw new Error(`Twitch knows no user ${twitchUserId}`);
  if (!profile) throw new Error(`no user ${userId} in the registry`);
  const twitch = mapTwitchProfile(profile.twitch, { user, stream, channel }, now());
  // Only `twitch` is written, onto the profile as stored then: a selection changed meanwhile is kept.
  if (JSON.stringify(twitch) !== JSON.stringify(profile.twitch)) {
    // A login stored without Connect Twitch's check (`npm run twitch-login`) for a Twitch user of another account.
    if ((await registry.updateProfile(userId, (current) => ({ ...current, twitch }))) === 'taken') {
      throw new Error(`Twitch user ${twitchUserId} is connected to another account: this account's profile keeps its own`);
    }
  }
  return twitch.stream.status === 'live';
}
