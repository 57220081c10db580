export { createTwitchSignIn, type SignInClient, type SignUpRegistry, type TwitchSignIn, type TwitchSignInOptions } from './createTwitchSignIn.ts';
export { type HelixUserJson, newStreamerProfile } from './newStreamerProfile.ts';
export { renderSignInPage } from './renderSignInPage.ts';
export { cookieHoldsState, SIGN_IN_COOKIE, signInCookie, spentSignInCookie } from './signInCookie.ts';
export type { SignInOutcome } from './SignInOutcome.ts';
export { callbackUrl, DEFAULT_MAX_SIGNUPS_PER_HOUR, homeUrl, type SignUpSettings } from './SignUpSettings.ts';
