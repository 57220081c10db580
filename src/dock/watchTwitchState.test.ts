import { describe, expect, it } from 'vitest';
import type { TwitchState } from '../api/index.ts';
import { OverlayError } from '../api/index.ts';
import { watchTwitchState } from './watchTwitchState.ts';

const LOG_IN_AGAIN: TwitchState = { state: 'Twitch: log in again', message: 'Twitch: log in again — run npm run twitch-login -- --user 40917221' };

/** A client whose answers the test queues, and a timer the test fires. */
function world(answers: (TwitchState | undefined | Error)[]) {
  const lines: (string | null)[] = [];
  let tick: (() => void) | null = null;
  let reads = 0;
  const stop = watchTwitchState({
    async read() {
      reads++;
      const answer = answers.shift();
      if (answer instanceof Error) throw answer;
      return answer;
    },
    show: (line) => lines.push(line),
    setInterval: (fn) => {
      tick = fn;
      return 1;
    },
    clearInterval: () => {
      tick = null;
    },
  });
  return { lines, stop, tick: () => tick?.(), ticking: () => tick !== null, reads: () => reads };
}

describe('watchTwitchState', () => {
  it('shows "log in again" with what to run, keeps it through a failed read, and clears it once logged in', async () => {
    const { lines, tick } = world([LOG_IN_AGAIN, new OverlayError('UNAVAILABLE', 'The API cannot be reached'), { state: 'connected' }]);
    await expect.poll(() => lines).toEqual([LOG_IN_AGAIN.message]);
    tick();
    await Promise.resolve();
    tick();
    await expect.poll(() => lines).toEqual([LOG_IN_AGAIN.message, null]);
  });

  it('shows nothing and stops asking when the API has no Twitch (404)', async () => {
    const { lines, ticking, reads } = world([undefined]);
    await expect.poll(() => lines).toEqual([null]);
    expect(ticking()).toBe(false);
    expect(reads()).toBe(1);
  });
});
