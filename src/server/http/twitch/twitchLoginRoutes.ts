import type { TwitchLoginStart } from '../../../api/index.ts';
import type { TokenGrant } from '../../registry/index.ts';
import type { TwitchLoginControl } from '../../twitch/index.ts';
import { type Answer, jsonAnswer } from '../Answer.ts';
import type { ApiRequest } from '../ApiRequest.ts';
import { HttpError } from '../HttpError.ts';
import { noContent } from '../sessions/sessionRoutes.ts';

export interface TwitchLoginDeps {
  /** Absent when the server runs without a Twitch client id. */
  twitchLogin?: TwitchLoginControl;
}

const NO_CLIENT_ID = 'Conflict - this server runs without Twitch: start it with --twitch-client-id (or TWITCH_CLIENT_ID) to connect a Twitch account';

/** `POST /me/twitch/login`: 200 `{verificationUri, userCode, expiresIn}`; the server polls Twitch and stores the login. */
export function startTwitchLogin({ twitchLogin }: TwitchLoginDeps) {
  return async (_request: ApiRequest, grant: TokenGrant): Promise<Answer> => {
    if (!twitchLogin) throw new HttpError(409, NO_CLIENT_ID);
    let started: TwitchLoginStart;
    try {
      started = await twitchLogin.start(grant.userId);
    } catch (error) {
      if ((error as { reason?: string }).reason !== 'http') throw error;
      throw new HttpError(502, `Bad gateway - Twitch did not give a code: ${(error as Error).message}; try again in a minute`);
    }
    const { verificationUri, userCode, expiresIn } = started;
    return jsonAnswer(200, JSON.stringify({ verificationUri, userCode, expiresIn } satisfies TwitchLoginStart), { 'Cache-Control': 'no-store' });
  };
}

/** `DELETE /me/twitch`: 204, also when nothing was connected; `GET /me/twitch` then says `not logged in`. */
export function forgetTwitchLogin({ twitchLogin }: TwitchLoginDeps) {
  return async (_request: ApiRequest, grant: TokenGrant): Promise<Answer> => {
    await twitchLogin?.forget(grant.userId);
    return noContent();
  };
}
