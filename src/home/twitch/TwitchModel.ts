import { type Signal, signal } from '@preact/signals';
import type { DeviceCode } from '../../client/index.ts';
import type { HomeSession } from '../HomeSession.ts';

export type { DeviceCode };

/** How often the page asks `GET /me/twitch` while a code waits to be entered. @default 2 s */
export const TWITCH_POLL_MS = 2000;

export interface TwitchModelOptions {
  session: HomeSession;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  pollMs?: number;
}

/**
 * The Twitch section: the connection's state (`GET /me/twitch`), the device
 * flow (`POST /me/twitch/login`: a code to enter at Twitch's address, then
 * `connected`) and `DELETE /me/twitch`. `off`: the server runs without Twitch.
 */
export class TwitchModel {
  /** The state as the server says it (`not logged in`, `pending`, `connected`, ...), or null before the first read. */
  readonly state: Signal<string | null> = signal<string | null>(null, { name: 'home.twitch.state' });
  /** The code to enter, while the server waits for it. */
  readonly code: Signal<DeviceCode | null> = signal<DeviceCode | null>(null, { name: 'home.twitch.code' });
  readonly busy: Signal<boolean> = signal(false, { name: 'home.twitch.busy' });
  readonly error: Signal<string | null> = signal<string | null>(null, { name: 'home.twitch.error' });
  /** Why the last `Connect Twitch` stored nothing (its Twitch user belongs to another account), as the server says it. */
  readonly refusal: Signal<string | null> = signal<string | null>(null, { name: 'home.twitch.refusal' });
  private readonly session: HomeSession;
  private readonly setTimeout: (fn: () => void, ms: number) => unknown;
  private readonly pollMs: number;
  private polling = false;

  constructor({ session, setTimeout = (fn, ms) => globalThis.setTimeout(fn, ms), pollMs = TWITCH_POLL_MS }: TwitchModelOptions) {
    this.session = session;
    this.setTimeout = setTimeout;
    this.pollMs = pollMs;
  }

  /** Reads `GET /me/twitch`; an API without the route is `off`. */
  async load(): Promise<void> {
    try {
      const link = await this.session.client.twitch.state();
      if (!link) return this.show('off');
      this.show(link.state);
      this.refusal.value = link.refusal;
      this.error.value = null;
    } catch (error) {
      this.error.value = `The Twitch state could not be read: ${describe(error)}.`;
    }
  }

  /** Starts the device flow and waits (polling) until Twitch says the code was entered, refused or expired. */
  async connect(): Promise<void> {
    this.busy.value = true;
    try {
      this.code.value = await this.session.client.twitch.login();
      this.error.value = null;
      this.refusal.value = null;
      this.state.value = 'pending';
      this.poll();
    } catch (error) {
      this.error.value = `Twitch could not be connected: ${describe(error)}.`;
    } finally {
      this.busy.value = false;
    }
  }

  /** Forgets the Twitch login on the server. */
  async disconnect(): Promise<void> {
    this.busy.value = true;
    try {
      await this.session.client.twitch.logout();
      this.code.value = null;
      this.error.value = null;
      await this.load();
    } catch (error) {
      this.error.value = `Twitch could not be disconnected: ${describe(error)}.`;
    } finally {
      this.busy.value = false;
    }
  }

  private show(state: string): void {
    this.state.value = state;
    // The code is done with once the server no longer waits for it (entered, refused or expired).
    if (state !== 'pending') this.code.value = null;
  }

  private poll(): void {
    if (this.polling) return;
    this.polling = true;
    const tick = async () => {
      await this.load();
      if (this.state.peek() === 'pending' && this.code.peek()) this.setTimeout(() => void tick(), this.pollMs);
      else this.polling = false;
    };
    this.setTimeout(() => void tick(), this.pollMs);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
