import type { TwitchCredentialStore } from './TwitchCredentials.ts';
import type { TwitchUrls } from './twitchUrls.ts';

/** What a device-flow login needs, whoever runs it (`npm run twitch-login`, or the server for `Connect Twitch`). */
export interface DeviceLoginSettings {
  clientId: string;
  /** Where the finished login is stored. */
  credentials: TwitchCredentialStore;
  urls?: TwitchUrls;
  fetch?: typeof globalThis.fetch;
  /** Waits between two polls. @default setTimeout */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}
