/**
 * Why a sign-in with Twitch ended on the home page without a token. The
 * callback redirects to `/home#signin-error=<code>`, and the page shows the
 * fixed message of that code. Only a code travels: anyone can write an
 * address, so no word of it ever reaches the page (a link reading "your
 * account is locked, paste your token at ..." would otherwise be shown as ours).
 */
const SIGN_IN_ERROR_MESSAGES = {
  // OAuth 2.0's authorization error codes (RFC 6749, section 4.1.2.1), as Twitch sends them.
  access_denied: 'Sign-in cancelled on Twitch: nothing was stored.',
  invalid_request: 'Twitch refused the sign-in request of this site (invalid_request): nothing was stored. Whoever runs this site should check its Twitch application.',
  invalid_scope: 'Twitch refused the permissions this site asks for (invalid_scope): nothing was stored. Whoever runs this site should check its Twitch application.',
  unauthorized_client: 'Twitch does not let this site sign anyone in (unauthorized_client): nothing was stored. Whoever runs this site should check its Twitch application.',
  unsupported_response_type: 'Twitch refused the kind of sign-in this site asks for (unsupported_response_type): nothing was stored. Whoever runs this site should check its Twitch application.',
  server_error: 'Twitch failed while signing you in: nothing was stored. Try again in a minute.',
  temporarily_unavailable: 'Twitch cannot sign you in right now: nothing was stored. Try again in a minute.',
  // Ours: any other code, or none we know.
  signin_failed: 'The sign-in with Twitch did not finish: nothing was stored. Try "Sign in with Twitch" again.',
} as const;

export type SignInErrorCode = keyof typeof SIGN_IN_ERROR_MESSAGES;

/** The code for anything that is not a known code. */
export const GENERIC_SIGN_IN_ERROR: SignInErrorCode = 'signin_failed';

/** `raw` when it is a known code, else the generic one. */
export function signInErrorCode(raw: string | null | undefined): SignInErrorCode {
  return raw && Object.hasOwn(SIGN_IN_ERROR_MESSAGES, raw) ? (raw as SignInErrorCode) : GENERIC_SIGN_IN_ERROR;
}

/** The fixed message of a code; any unknown text gets the generic message, never its own words. */
export function signInErrorMessage(raw: string | null | undefined): string {
  return SIGN_IN_ERROR_MESSAGES[signInErrorCode(raw)];
}
