import { TWITCH_LOG_IN_AGAIN, type TwitchState } from '../../../api/index.ts';
import type { TokenGrant } from '../../registry/index.ts';
import type { TwitchLoginControl, TwitchStateLine } from '../../twitch/index.ts';
import { type Answer, jsonAnswer } from '../Answer.ts';
import type { ApiRequest } from '../ApiRequest.ts';

export interface TwitchStateDeps {
  /** Every streamer's Twitch connection (the root lists them all; this route tells a token its own); absent without Twitch. */
  twitchStates?: () => Promise<readonly TwitchStateLine[]>;
  /** Tells a login started with `POST /me/twitch/login` that still waits for the streamer. */
  twitchLogin?: Pick<TwitchLoginControl, 'isPending' | 'refusal'>;
}

/**
 * `GET /me/twitch`: the Twitch connection of the token's user, for the dock.
 * The root lists every streamer's; a dock must see its own user's only.
 */
export function readTwitchState({ twitchStates, twitchLogin }: TwitchStateDeps) {
  return async (_request: ApiRequest, { userId }: TokenGrant): Promise<Answer> => {
    // A 200, not a 404: a dock asks at every start, and a 404 is a red line in its console.
    if (!twitchStates) return jsonAnswer(200, JSON.stringify({ state: 'off' } satisfies TwitchState));
    // Never the code itself: an overlay token reads this too, and whoever enters the code links their own Twitch account.
    if (twitchLogin?.isPending(userId)) return jsonAnswer(200, JSON.stringify({ state: 'pending' } satisfies TwitchState));
    const line = (await twitchStates()).find((candidate) => candidate.userId === userId);
    // The state stays what it was (nothing was stored); the refusal says why the last Connect Twitch did not take.
    const refusal = twitchLogin?.refusal?.(userId);
    return jsonAnswer(200, JSON.stringify({ ...twitchStateOf(userId, line), ...(refusal !== undefined && { refusal }) } satisfies TwitchState));
  };
}

/** What the dock shows: a message only when the streamer has to act. */
export function twitchStateOf(userId: string, line: TwitchStateLine | undefined): TwitchState {
  const login = `run npm run twitch-login -- --user ${userId}`;
  if (!line) return { state: 'not logged in', message: `Twitch: not logged in — ${login}` };
  if (line.state === TWITCH_LOG_IN_AGAIN) return { state: TWITCH_LOG_IN_AGAIN, message: `${TWITCH_LOG_IN_AGAIN} — ${login}` };
  return { state: line.state === 'connected' ? 'connected' : 'elsewhere' };
}
