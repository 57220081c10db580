import { codeForStatus, TWITCH_LOGIN_PATH, TWITCH_STATE_PATH } from '../../api/index.ts';
import { ApiError } from './ApiError.ts';
import type { ApiAnswer, ApiSender } from './createApiSender.ts';

/** What `POST /me/twitch/login` answers: where to enter which code, and for how long (seconds). */
export interface DeviceCode {
  verificationUri: string;
  userCode: string;
  expiresIn: number;
}

/** `GET /me/twitch` as the home page reads it: the state's name and, after a refused `Connect Twitch`, why. */
export interface TwitchLink {
  state: string;
  refusal: string | null;
}

/** The Twitch connection's calls with the website token (docs/twitch.md). */
export interface TwitchCalls {
  /** `GET /me/twitch`; null when the API has no such route (it runs without Twitch). */
  state(): Promise<TwitchLink | null>;
  /** `POST /me/twitch/login`: starts the device flow. */
  login(): Promise<DeviceCode>;
  /** `DELETE /me/twitch`: forgets the Twitch login on the server. */
  logout(): Promise<void>;
}

/** The Twitch calls over a sender. */
export function createTwitchCalls(sender: ApiSender): TwitchCalls {
  return {
    async state() {
      const answer = await readTwitchState(sender);
      if (!answer) return null;
      const { state, refusal } = (answer.body as { state?: unknown; refusal?: unknown } | undefined) ?? {};
      if (answer.status !== 200 || typeof state !== 'string') throw new ApiError(codeForStatus(answer.status), `HTTP ${answer.status}`, answer.status);
      return { state, refusal: typeof refusal === 'string' ? refusal : null };
    },
    async login() {
      const code = (await sender.ok('POST', TWITCH_LOGIN_PATH)).body as Partial<DeviceCode> | undefined;
      if (typeof code?.userCode !== 'string' || typeof code.verificationUri !== 'string') throw new ApiError('UNAVAILABLE', 'the API answered without a code');
      return { userCode: code.userCode, verificationUri: code.verificationUri, expiresIn: Number(code.expiresIn) || 0 };
    },
    async logout() {
      await sender.ok('DELETE', TWITCH_STATE_PATH);
    },
  };
}

/**
 * `GET /me/twitch`, the one call both the home page (`state()` above) and the dock (`fetchTwitchState`) make:
 * any answer, or null when the API has no such route (404: it runs without Twitch, or is the hosted API).
 * Each reads the answer its own way: the home page any state's name, the dock only the ones it knows.
 */
export async function readTwitchState(sender: ApiSender): Promise<ApiAnswer | null> {
  const answer = await sender.send('GET', TWITCH_STATE_PATH);
  return answer.status === 404 ? null : answer;
}
