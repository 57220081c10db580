import { HOME_PAGE_PATH, type Profile } from '../../api/index.ts';

/** `--signup twitch` and its flags: who may create an account, and how fast. */
export interface SignUpSettings {
  clientId: string;
  clientSecret: string;
  /** The API's public base URL without a trailing slash (`--public-url`): the callback and the home page live under it. */
  publicUrl: string;
  /** `--allowed-logins`: the Twitch logins (lower case) that may create an account; absent: anyone. */
  allowedLogins?: readonly string[];
  /** `--max-signups-per-hour`: new accounts per client address and hour. @default 100 */
  maxSignupsPerHour?: number;
  /** `--default-selection <file>`: the modules a new account starts with. @default none */
  defaultSelection?: Profile['selected'];
  /** Sign-ins started (`GET /auth/twitch`) per client address in 10 minutes, past which 429. @default 60 */
  maxSignInStartsPerAddress?: number;
  /** Sign-ins started on the whole deployment in 10 minutes (each stores a state), past which 503. @default 10,000 */
  maxSignInStarts?: number;
}

export const DEFAULT_MAX_SIGNUPS_PER_HOUR = 100;

/** The callback Twitch redirects to: `<public url>/auth/twitch/callback`. */
export const callbackUrl = (settings: Pick<SignUpSettings, 'publicUrl'>) => `${settings.publicUrl}/auth/twitch/callback`;

/** The home page, the only place a sign-in ever redirects to. */
export const homeUrl = (settings: Pick<SignUpSettings, 'publicUrl'>) => settings.publicUrl + HOME_PAGE_PATH;
