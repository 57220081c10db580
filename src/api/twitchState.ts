import * as z from 'zod/mini';

/** `GET /me/twitch`: an extension of this API (docs/twitch.md); `off` when it runs without a Twitch client id. */
export const TWITCH_STATE_PATH = '/me/twitch';

/** The text of a Twitch login whose refresh Twitch refused for good, as `GET /` and the server's log say it. */
export const TWITCH_LOG_IN_AGAIN = 'Twitch: log in again';

/**
 * One streamer's Twitch connection: connected from this API instance, from
 * another one (`elsewhere`), a login to renew, none yet, a login started with
 * `POST /me/twitch/login` waiting for the streamer (`pending`), or no Twitch on this API (`off`).
 */
export const TwitchStateNameSchema = /* @__PURE__ */ z.enum(['connected', 'elsewhere', TWITCH_LOG_IN_AGAIN, 'not logged in', 'pending', 'off']);
export type TwitchStateName = z.infer<typeof TwitchStateNameSchema>;

/**
 * Response of `GET /me/twitch`, for the token's user only; `message` when the streamer has something to do;
 * `refusal` when the last `Connect Twitch` stored nothing, and why (its Twitch user belongs to another account).
 */
export const TwitchStateSchema = /* @__PURE__ */ z.object({
  state: TwitchStateNameSchema,
  message: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  refusal: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
});
export type TwitchState = z.infer<typeof TwitchStateSchema>;

/** `POST /me/twitch/login`: starts Twitch's device flow for the token's user. */
export const TWITCH_LOGIN_PATH = '/me/twitch/login';

/** Response of `POST /me/twitch/login`: show the address and the code; `expiresIn` in seconds, as Twitch's `expires_in`. */
export const TwitchLoginStartSchema = /* @__PURE__ */ z.object({
  verificationUri: z.string(),
  userCode: z.string(),
  expiresIn: z.number(),
});
export type TwitchLoginStart = z.infer<typeof TwitchLoginStartSchema>;
