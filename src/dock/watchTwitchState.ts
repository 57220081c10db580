import type { TwitchState } from '../api/index.ts';

/** How often the dock asks again: a refresh refused for good shows within a minute. @default 60 s */
export const TWITCH_STATE_EVERY_MS = 60_000;

export interface TwitchStateWatchOptions {
  /** Reads `GET /me/twitch` (`fetchTwitchState` of src/client/http); undefined when the API has no Twitch. */
  read(): Promise<TwitchState | undefined>;
  /** The line to show, or null for none. */
  show(line: string | null): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  everyMs?: number;
}

/**
 * Shows the dock's user's Twitch state (`GET /me/twitch`) when the streamer
 * has something to do, e.g. "Twitch: log in again — run npm run twitch-login".
 * An API without Twitch (404) shows nothing and is not asked again; a failed
 * read keeps the line shown, so a flaky network does not make it flicker.
 * Returns the function that stops watching.
 */
export function watchTwitchState({ read: ask, show, setInterval, clearInterval, everyMs = TWITCH_STATE_EVERY_MS }: TwitchStateWatchOptions): () => void {
  let stopped = false;
  let handle: unknown = null;
  const stop = () => {
    stopped = true;
    if (handle !== null) clearInterval(handle);
    handle = null;
  };
  const read = async () => {
    try {
      const state = await ask();
      if (stopped) return;
      show(state?.message ?? null);
      if (!state) stop();
    } catch {
      // Offline or a token being renewed: the next read tells.
    }
  };
  void read();
  handle = setInterval(() => void read(), everyMs);
  return stop;
}
