import { addressKey, type RateCounter } from '../../limits/index.ts';
import { SIGN_IN_STATE_MS } from '../../sessions/index.ts';
import { renderSignInPage } from '../../signin/index.ts';
import type { Answer } from '../Answer.ts';
import type { ApiRequest } from '../ApiRequest.ts';

/** How many sign-ins may start (`GET /auth/twitch`, each storing a state) in one state lifetime. */
export interface SignInStartLimits {
  /** From one client address (an IPv6 /64 counts as one). @default 60 */
  perAddress: number;
  /** From everyone on the deployment (every instance on Redis): no state is stored past it. @default 10,000 */
  perDeployment: number;
}

export const DEFAULT_SIGN_IN_START_LIMITS: SignInStartLimits = { perAddress: 60, perDeployment: 10_000 };

export interface SignInStartDeps {
  /** The shared rate counters (Redis with the redis store). */
  counter: RateCounter;
  /** The client address (`--trust-proxy` aware). */
  addressOf: (request: ApiRequest) => string;
  publicUrl: string;
  limits?: Partial<SignInStartLimits>;
}

/**
 * Budgets in front of `GET /auth/twitch`, which anyone may call and which
 * stores a state each time: past its address's budget a client gets 429, past
 * the deployment's cap everyone gets 503, both with `Retry-After` and nothing
 * stored. The windows last as long as a state, so the states waiting stay under
 * twice the cap, and a flood from one address spends its own budget only.
 */
export function limitSignInStarts(begin: (request: ApiRequest) => Promise<Answer>, deps: SignInStartDeps) {
  const { perAddress, perDeployment } = { ...DEFAULT_SIGN_IN_START_LIMITS, ...deps.limits };
  return async (request: ApiRequest): Promise<Answer> => {
    const own = await deps.counter.hit(`signin-start:${addressKey(deps.addressOf(request))}`, SIGN_IN_STATE_MS);
    if (own.count > perAddress) {
      const text = `Too many sign-ins were started from your network in the last 10 minutes (at most ${perAddress}). Nothing was stored.`;
      return refusal(429, 'Too many sign-ins', text, own.resetInMs, deps.publicUrl);
    }
    const all = await deps.counter.hit('signin-start:all', SIGN_IN_STATE_MS);
    if (all.count > perDeployment) return refusal(503, 'Too many sign-ins at once', 'This site has too many sign-ins waiting right now. Nothing was stored.', all.resetInMs, deps.publicUrl);
    return begin(request);
  };
}

function refusal(status: number, title: string, message: string, resetInMs: number, publicUrl: string): Answer {
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
  const body = renderSignInPage({ title, message, next: `Try again in ${Math.ceil(seconds / 60)} minutes.`, publicUrl });
  const headers = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer', 'Retry-After': String(seconds) };
  return { status, headers, body };
}
