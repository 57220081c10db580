import type { TwitchLoginStart } from '../../api/index.ts';
import type { TwitchCredentials } from './TwitchCredentials.ts';

/** What the Twitch link does for the home page's `Connect Twitch` and `Disconnect`. */
export interface TwitchLoginControl {
  /** Starts the device flow for the user; rejects with `{reason: 'http'}` when Twitch refuses or cannot be reached. */
  start(userId: string): Promise<TwitchLoginStart>;
  /** True while a started login waits for the streamer. */
  isPending(userId: string): boolean;
  /** Why the user's last started login was refused (its Twitch user belongs to another account); nothing was stored. */
  refusal?(userId: string): string | undefined;
  /** Forgets the user's login, ends a pending one, and stops the user's EventSub session. */
  forget(userId: string): Promise<void>;
  /** Stores a login made elsewhere (the sign-in's code flow) and starts its EventSub session at once. */
  keep(userId: string, credentials: TwitchCredentials): Promise<void>;
}
