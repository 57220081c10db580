import type { SignInOutcome } from '../../signin/index.ts';
import { renderSignInPage, spentSignInCookie } from '../../signin/index.ts';
import type { Answer } from '../Answer.ts';
import type { ApiRequest } from '../ApiRequest.ts';

/** The sign-in's two steps, as `createTwitchSignIn` makes them. */
export interface SignInSteps {
  begin(): Promise<SignInOutcome>;
  finish(query: URLSearchParams, client: { address: string; userAgent: string | null }, cookies: string | null): Promise<SignInOutcome>;
}

export interface SignInDeps {
  signIn: SignInSteps;
  /** `--public-url`, for the pages' links. */
  publicUrl: string;
  /** The client address the sign-up budget counts (`--trust-proxy` aware). */
  addressOf: (request: ApiRequest) => string;
}

/** `GET /auth/twitch`: 302 to Twitch's authorize address with a fresh single-use state, and its cookie. */
export function beginSignIn({ signIn, publicUrl }: SignInDeps) {
  return async (): Promise<Answer> => outcomeAnswer(await signIn.begin(), publicUrl);
}

/** `GET /auth/twitch/callback`: 302 to the home page signed in, or a page that says what happened and what to do; the sign-in cookie is spent. */
export function finishSignIn({ signIn, publicUrl, addressOf }: SignInDeps) {
  return async (request: ApiRequest): Promise<Answer> => {
    const query = new URL(request.url, 'http://api').searchParams;
    const outcome = await signIn.finish(query, { address: addressOf(request), userAgent: request.header('user-agent') }, request.header('cookie'));
    const answer = outcomeAnswer(outcome, publicUrl);
    return { ...answer, headers: { ...answer.headers, 'Set-Cookie': spentSignInCookie({ publicUrl }) } };
  };
}

/** No cache keeps a state or a code; no Referer carries the callback's query anywhere. */
const PRIVATE = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' };

function outcomeAnswer(outcome: SignInOutcome, publicUrl: string): Answer {
  if (!('title' in outcome)) return { status: 302, headers: { Location: outcome.location, ...PRIVATE, ...outcome.headers }, body: null };
  const body = renderSignInPage({ ...outcome, publicUrl });
  return { status: outcome.status, headers: { 'Content-Type': 'text/html; charset=utf-8', ...PRIVATE, ...outcome.headers }, body };
}
