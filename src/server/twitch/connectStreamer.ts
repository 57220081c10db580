import { ApiClient } from '@twurple/api';
import type { EventStore } from '../events/index.ts';
import type { ProfileStore } from '../registry/index.ts';
import { createEventSubSession } from './createEventSubSession.ts';
import { createUserAuthProvider } from './createUserAuthProvider.ts';
import { refreshTwitchProfile } from './refreshTwitchProfile.ts';
import type { TwitchCredentialStore } from './TwitchCredentials.ts';
import type { TwitchUrls } from './twitchUrls.ts';

export interface ConnectStreamerOptions {
  userId: string;
  twitchUserId: string;
  clientId: string;
  credentials: TwitchCredentialStore;
  events: EventStore;
  registry: ProfileStore;
  urls: TwitchUrls;
  /** Without it no EventSub WebSocket session is opened (the webhook transport delivers instead). */
  webSocket: boolean;
  onLoginNeeded: (userId: string, reason: string) => void;
  log: (line: string) => void;
  now?: () => number;
  /** How often the viewer count is read while live. @default 60000 */
  viewerEveryMs?: number;
}

/** What this instance runs for one streamer: the EventSub session, and the profile kept current from Helix. */
export function connectStreamer(options: ConnectStreamerOptions): { stop(): void; refreshProfile(): Promise<void> } {
  const { userId, twitchUserId, clientId, credentials, urls, log, viewerEveryMs = 60_000 } = options;
  const authProvider = createUserAuthProvider({ userId, clientId, credentials, urls, now: options.now, onLoginNeeded: options.onLoginNeeded });
  const apiClient = new ApiClient({ authProvider, logger: { custom: (_level, message) => log(`Twitch (user ${userId}): ${message}`), minLevel: 'warning' } });
  let live = false;
  const refreshProfile = () =>
    refreshTwitchProfile({ userId, twitchUserId, apiClient, registry: options.registry, now: options.now }).then(
      (isLive) => {
        live = isLive;
      },
      (error: unknown) => log(`Twitch (user ${userId}): cannot read the profile from Helix: ${(error as Error).message}`),
    );
  void refreshProfile();
  // The viewer count changes without an EventSub notification: read it every minute while live. With webhooks,
  // stream changes may reach another instance, so the holder reads every minute whatever the state.
  const viewers = setInterval(() => {
    if (live || !options.webSocket) void refreshProfile();
  }, viewerEveryMs);
  viewers.unref();
  const session = options.webSocket
    ? createEventSubSession({ userId, twitchUserId, apiClient, events: options.events, log, onStreamChange: () => void refreshProfile() })
    : undefined;
  return {
    refreshProfile,
    stop() {
      clearInterval(viewers);
      session?.stop();
    },
  };
}
