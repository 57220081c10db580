import * as z from 'zod/mini';

/** `GET /me/sessions`: the website tokens made by signing in (an extension of this API, docs/server.md). */
export const SESSIONS_PATH = '/me/sessions';

/** One website token of the user, never the token itself: when and where it was made, when last used. */
export const WebsiteSessionInfoSchema = /* @__PURE__ */ z.object({
  /** For `DELETE /me/sessions/<id>`. */
  id: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** The client address that signed in; null when unknown. */
  address: z.nullable(z.string()),
  /** The browser's `User-Agent`; null when it sent none. */
  userAgent: z.nullable(z.string()),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  /** True for the token this request was made with. */
  current: z.boolean(),
});
export type WebsiteSessionInfo = z.infer<typeof WebsiteSessionInfoSchema>;

export const WebsiteSessionListSchema = /* @__PURE__ */ z.object({ sessions: z.array(WebsiteSessionInfoSchema) });
export type WebsiteSessionList = z.infer<typeof WebsiteSessionListSchema>;

/** `GET /auth/twitch`: starts signing in with Twitch (`--signup twitch`); the root then says `"signup": "twitch"`. */
export const SIGN_IN_PATH = '/auth/twitch';
/** Where Twitch sends the streamer back: `<public url>/auth/twitch/callback`. */
export const SIGN_IN_CALLBACK_PATH = '/auth/twitch/callback';
