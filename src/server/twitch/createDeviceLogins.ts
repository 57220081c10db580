import { credentialsFromToken } from './credentialsFromToken.ts';
import type { DeviceLoginSettings } from './DeviceLoginSettings.ts';
import { type DeviceCode, pollDeviceToken, requestDeviceCode } from './deviceFlow.ts';
import { TWITCH_SCOPES } from './scopes.ts';
import type { TwitchCredentials } from './TwitchCredentials.ts';
import { twitchUrls } from './twitchUrls.ts';

export interface DeviceLoginsOptions extends DeviceLoginSettings {
  /** Runs once a login is stored: EventSub starts at once rather than at the next check. */
  onStored?: (userId: string) => Promise<void>;
  /**
   * Connects the Twitch user to the account before anything is stored
   * (`Registry.bindTwitch`, atomic on every store); answers why not, in plain
   * words, when the Twitch user belongs to another account. @default every login is kept
   */
  bind?: (userId: string, credentials: TwitchCredentials) => Promise<string | undefined>;
  log?: (line: string) => void;
}

/** A newer login of the same user, or its cancellation, ends the older one's polling. */
class Superseded extends Error {}

/**
 * The device flow run by the server for the home page's `Connect Twitch`
 * (`POST /me/twitch/login`): the code goes to the browser, the server polls
 * Twitch and stores the login. One pending login per user on this instance;
 * a new one replaces it. A refused or expired code stores nothing.
 */
export function createDeviceLogins(options: DeviceLoginsOptions) {
  const { clientId, credentials, now, onStored = async () => {}, log = console.warn } = options;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms).unref()));
  const flow = { clientId, scopes: [...TWITCH_SCOPES], urls: options.urls ?? twitchUrls(), fetch: options.fetch, log };
  const pending = new Map<string, { cancelled: boolean }>();
  // The last login of a user that was refused, and why: the home page and GET /me/twitch say it until the next try.
  const refused = new Map<string, string>();
  const finish = async (userId: string, code: DeviceCode, entry: { cancelled: boolean }) => {
    const check = () => {
      if (entry.cancelled) throw new Superseded();
    };
    const token = await pollDeviceToken({ ...flow, sleep: (ms) => sleep(ms).then(check) }, code);
    const stored = await credentialsFromToken(token, clientId, now);
    check();
    const refusal = await options.bind?.(userId, stored);
    if (pending.get(userId) === entry) pending.delete(userId);
    if (refusal !== undefined) {
      refused.set(userId, refusal);
      log(`Twitch login of user ${userId} refused: ${refusal}`);
      return;
    }
    await credentials.set(userId, stored);
    await onStored(userId);
  };
  const cancel = (userId: string) => {
    const entry = pending.get(userId);
    if (entry) entry.cancelled = true;
    pending.delete(userId);
    refused.delete(userId);
  };
  return {
    /** Asks Twitch for a code and polls in the background; rejects with a DeviceFlowError when Twitch refuses the request. */
    async start(userId: string): Promise<DeviceCode> {
      const code = await requestDeviceCode(flow);
      cancel(userId);
      const entry = { cancelled: false };
      pending.set(userId, entry);
      finish(userId, code, entry).catch((error: unknown) => {
        if (pending.get(userId) === entry) pending.delete(userId);
        if (!(error instanceof Superseded)) log(`Twitch login of user ${userId} ended: ${(error as Error).message}`);
      });
      return code;
    },
    /** True while a code of this user waits for the streamer on this instance. */
    isPending: (userId: string) => pending.has(userId),
    /** Why this user's last login was refused on this instance (nothing was stored); undefined when it was not. */
    refusal: (userId: string) => refused.get(userId),
    cancel,
    stop() {
      for (const userId of [...pending.keys()]) cancel(userId);
    },
  };
}

export type DeviceLogins = ReturnType<typeof createDeviceLogins>;
