import { type Profile, signInErrorCode, withSignInErrorFragment, withTokenFragment } from '../../api/index.ts';
import { addressKey, type RateCounter } from '../limits/index.ts';
import type { SessionOrigin, WebsiteSessions } from '../sessions/index.ts';
import type { CodeFlowApp, readHelixUser, TwitchCredentials, TwitchUrls } from '../twitch/index.ts';
import { newStreamerProfile } from './newStreamerProfile.ts';
import { cookieHoldsState, signInCookie } from './signInCookie.ts';
import { failure, type SignInOutcome } from './SignInOutcome.ts';
import { callbackUrl, DEFAULT_MAX_SIGNUPS_PER_HOUR, homeUrl, type SignUpSettings } from './SignUpSettings.ts';

/** The registry's part in signing up (the profile store's `createUser`, atomic, and its Twitch index). */
export interface SignUpRegistry {
  createUser(profile: Profile): Promise<boolean>;
  userIdByTwitchId(twitchUserId: string): Promise<string | undefined>;
}

export interface TwitchSignInOptions {
  settings: SignUpSettings;
  registry: SignUpRegistry;
  sessions: WebsiteSessions;
  /** The sign-up budget's counters (shared through Redis). */
  counter: RateCounter;
  /** Stores the streamer's Twitch login and starts its EventSub session at once (the Twitch link). */
  keepTwitchLogin: (userId: string, credentials: TwitchCredentials) => Promise<void>;
  urls?: TwitchUrls;
  fetch?: typeof globalThis.fetch;
  now?: () => number;
}

/** Who finishes a sign-in: the budget's address, and what `GET /me/sessions` shows. */
export interface SignInClient extends SessionOrigin {
  address: string;
}

const HOUR_MS = 3_600_000;

/** Twitch's code, loaded at the first sign-in: twurple takes seconds to load, and most servers never sign anyone in. */
const loadTwitch = () => import('../twitch/index.ts');
const START_AGAIN = 'Open the home page and choose "Sign in with Twitch" again.';

/** `GET /auth/twitch` and its callback: Twitch's authorization code flow, ending signed in on the home page. */
export function createTwitchSignIn(options: TwitchSignInOptions) {
  const { settings, sessions, now = Date.now } = options;
  const appOf = (twitch: Awaited<ReturnType<typeof loadTwitch>>): CodeFlowApp => {
    const urls = options.urls ?? twitch.twitchUrls();
    return { clientId: settings.clientId, clientSecret: settings.clientSecret, redirectUri: callbackUrl(settings), urls, fetch: options.fetch };
  };
  const signUp = createSignUp(options);
  return {
    /** `--signup twitch`'s settings: the public URL and the budgets the routes in front of it count. */
    settings,
    /** A fresh single-use state, kept in the store, the authorize address that carries it, and the cookie that binds it to this browser. */
    async begin(): Promise<SignInOutcome> {
      const twitch = await loadTwitch();
      const state = await sessions.startSignIn();
      return { status: 302, location: twitch.authorizeUrl(appOf(twitch), twitch.TWITCH_SCOPES, state), headers: { 'Set-Cookie': signInCookie(state, settings) } };
    },
    /** The callback: `cookies` is the browser's `Cookie` header (null when none), which must hold the sign-in cookie of the state. */
    async finish(query: URLSearchParams, client: SignInClient, cookies: string | null): Promise<SignInOutcome> {
      const state = query.get('state') ?? '';
      // Checked before the store is touched: a callback opened in another browser leaves the state to the one that started it.
      if (!cookieHoldsState(cookies, state)) return notStartedHere();
      const error = query.get('error');
      // The streamer cancelled on Twitch: back home with the code of a fixed message, and no token. The state is spent either way.
      if (error !== null) {
        await sessions.finishSignIn(state);
        return { status: 302, location: withSignInErrorFragment(homeUrl(settings), signInErrorCode(error)) };
      }
      if (!(await sessions.finishSignIn(state))) {
        return failure(400, 'This sign-in link is not valid', 'The link was already used, is older than 10 minutes, or was not started on this site.', START_AGAIN);
      }
      const code = query.get('code');
      if (!code) return failure(400, 'Twitch sent no code', 'The address Twitch sent back has no authorization code.', START_AGAIN);
      const twitch = await loadTwitch();
      const app = appOf(twitch);
      try {
        const token = await twitch.exchangeAuthorizationCode(app, code);
        const validated = twitch.credentialsFromToken(token, settings.clientId, now).catch((error: unknown) => {
          throw new twitch.TwitchCallError('unreachable', `Twitch did not validate the new token (${(error as Error).message})`);
        });
        const [credentials, user] = await Promise.all([validated, twitch.readHelixUser(app, token.accessToken)]);
        const outcome = await signUp(user, client);
        if ('refusal' in outcome) return outcome.refusal;
        await options.keepTwitchLogin(outcome.userId, credentials);
        const { token: website } = await sessions.issue(outcome.userId, client);
        return { status: 302, location: withTokenFragment(homeUrl(settings), website) };
      } catch (caught) {
        return twitchFailure(caught, twitch.TwitchCallError);
      }
    },
  };
}

export type TwitchSignIn = ReturnType<typeof createTwitchSignIn>;

/** Finds the account of a Twitch user, or creates it within the invite list and the address's hourly budget. */
function createSignUp({ settings, registry, counter, now = Date.now }: TwitchSignInOptions) {
  const max = settings.maxSignupsPerHour ?? DEFAULT_MAX_SIGNUPS_PER_HOUR;
  return async (user: Awaited<ReturnType<typeof readHelixUser>>, client: SignInClient): Promise<{ userId: string } | { refusal: SignInOutcome }> => {
    const existing = await registry.userIdByTwitchId(user.id);
    // Signing in again reaches the same account (matched on the id: a renamed streamer keeps it), and never counts.
    if (existing) return { userId: existing };
    if (settings.allowedLogins && !settings.allowedLogins.includes(user.login.toLowerCase())) {
      return { refusal: failure(403, 'This site is invite-only', `The Twitch account ${user.login} is not on this site's invite list, so no account was made.`, 'Ask whoever runs this site to add your Twitch login.') };
    }
    const key = `signup:${addressKey(client.address)}`;
    const count = await counter.hit(key, HOUR_MS);
    if (count.count > max) {
      const seconds = Math.max(1, Math.ceil(count.resetInMs / 1000));
      const text = `Too many new accounts were made from your network in the last hour (at most ${max}). No account was made.`;
      return { refusal: failure(429, 'Too many sign-ups', text, `Try again in ${Math.ceil(seconds / 60)} minutes.`, { 'Retry-After': String(seconds) }) };
    }
    const profile = newStreamerProfile(user, { now: now(), selection: settings.defaultSelection });
    if (await registry.createUser(profile)) return { userId: user.id };
    // Two callbacks of one streamer at once: the other made the account; this one signs in to it, and did not sign up.
    await counter.undo(key);
    const raced = await registry.userIdByTwitchId(user.id);
    if (raced) return { userId: raced };
    return { refusal: failure(409, 'This account cannot be made here', `A user ${user.id} already exists on this site with another Twitch account.`, 'Ask whoever runs this site.') };
  };
}

/** A callback without the sign-in cookie of its state: an attacker's own sign-in, sent to someone else (login CSRF). */
function notStartedHere(): SignInOutcome {
  const message = 'The sign-in link was opened in another browser than the one that started it, or a newer sign-in replaced it. Nothing was stored.';
  return failure(400, 'This sign-in was not started in this browser', message, START_AGAIN);
}

function twitchFailure(caught: unknown, TwitchCallError: typeof import('../twitch/index.ts').TwitchCallError): SignInOutcome {
  if (!(caught instanceof TwitchCallError)) throw caught;
  if (caught.reason === 'refused') {
    return failure(400, 'Twitch did not accept the sign-in', 'The code Twitch gave is no longer valid (it works once and for a few minutes). Nothing was stored.', START_AGAIN);
  }
  return failure(502, 'Twitch cannot be reached', 'This site could not reach Twitch to finish the sign-in. Nothing was stored.', `Wait a minute, then ${START_AGAIN.charAt(0).toLowerCase()}${START_AGAIN.slice(1)}`);
}
