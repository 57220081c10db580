import { AUTH_MESSAGES, isKind, type Kind } from '../../../api/index.ts';
import type { TokenGrant } from '../../registry/index.ts';
import type { TokenNeeded } from '../about/aboutRoutes.ts';
import type { Answer } from '../Answer.ts';
import type { ApiRequest } from '../ApiRequest.ts';
import { HttpError } from '../HttpError.ts';
import { bearerToken, OPAQUE_WEBSITE_TOKEN, STREAMDECK_FORBIDDEN } from './authenticate.ts';
import { requestOrigin } from './requestOrigin.ts';

/** The grant of an overlay-generated token: its kind is always there. */
export interface OverlayGrant extends TokenGrant {
  context: 'overlay';
  overlay: Kind;
}

/** What a handler gets for each token kind of the table: no grant for `none`, an overlay's grant for `overlay`. */
export type GrantOf<T extends TokenNeeded> = T extends 'none' ? undefined : T extends 'overlay' ? OverlayGrant : TokenGrant;

/** The parameters of a path template, parsed: `:kind` is a known kind, `:id` percent-decoded. */
export interface PathParams {
  readonly kind?: Kind;
  readonly id?: string;
}

/** Who resolves the bearer tokens (the token registry, website sessions included). */
export interface TokenResolver {
  resolveToken(token: string): Promise<TokenGrant | undefined>;
}

/** The 403 of the database and the alert report to any token but an overlay-generated one (docs/server.md, Tokens). */
export const OVERLAY_ONLY = 'Forbidden - the data store requires an overlay-generated token (exchange an overlay id at POST /auth/overlay)';
/** The 403 of the profile's writes to an overlay token (a Stream Deck token gets `STREAMDECK_FORBIDDEN`). */
export const PROFILE_NEEDS_WEBSITE = 'Forbidden - changing the profile needs a website token';
/** The 403 of the account's routes (sign-out, sessions, Twitch link, media library) to overlay and Stream Deck tokens alike. */
export const ACCOUNT_NEEDS_WEBSITE = 'Forbidden - this endpoint needs the website token; overlay and Stream Deck tokens cannot manage the account';

/** How a route is guarded, as its table row declares it. */
export interface GuardedRoute<T extends TokenNeeded> {
  path: string;
  token: T;
  /** For a `website` route: `account` answers overlay and Stream Deck tokens with the account's 403. @default 'profile' */
  refusal?: 'profile' | 'account';
  /**
   * The token comes later, in the request's first message (the live socket): the table lists its kind,
   * and its own endpoint checks it; a plain request passes the guard (and is answered 426). @default false
   */
  tokenInFirstMessage?: boolean;
  /** A method, so that a table of routes of every kind holds each handler as written. */
  handler(request: ApiRequest, grant: GrantOf<T>, params: PathParams): Promise<Answer>;
}

/** What each token kind takes, decided once per route so that a request costs a few comparisons. */
interface TokenRule {
  streamdeck: boolean;
  context?: 'website' | 'overlay';
  forbidden: string;
}

const NO_PARAMS: PathParams = Object.freeze({});

/**
 * The one guard of every route: parses the path's parameters (an unknown `:kind` is a 404: the path names no
 * endpoint), then enforces the table's token kind in the documented order (docs/server.md, Errors): no token
 * (401), unknown token (401), a website token from an opaque origin (403), a token of another kind (403). The
 * handler gets the grant and the parameters and checks no token itself.
 */
export function guardRoute<T extends TokenNeeded>(route: GuardedRoute<T>, tokens: TokenResolver): (request: ApiRequest) => Promise<Answer> {
  const { handler, token } = route;
  const paramsOf = paramsParser(route.path);
  if (token === 'none' || route.tokenInFirstMessage) return (request) => handler(request, undefined as GrantOf<T>, paramsOf(request.url));
  const rule = ruleOf(token, route.refusal);
  return async (request) => {
    const params = paramsOf(request.url);
    return handler(request, (await grantFor(request, tokens, rule)) as GrantOf<T>, params);
  };
}

function ruleOf(token: Exclude<TokenNeeded, 'none'>, refusal: 'profile' | 'account' = 'profile'): TokenRule {
  if (token === 'overlay') return { streamdeck: false, context: 'overlay', forbidden: OVERLAY_ONLY };
  if (token === 'website' && refusal === 'account') return { streamdeck: true, context: 'website', forbidden: ACCOUNT_NEEDS_WEBSITE };
  if (token === 'website') return { streamdeck: false, context: 'website', forbidden: PROFILE_NEEDS_WEBSITE };
  return { streamdeck: token === 'any', forbidden: STREAMDECK_FORBIDDEN };
}

/** The grant of the request's token when the rule takes it; the documented 401 or 403 otherwise. */
async function grantFor(request: ApiRequest, tokens: TokenResolver, rule: TokenRule): Promise<TokenGrant> {
  const token = bearerToken(request.header('authorization'));
  if (token === undefined) throw new HttpError(401, AUTH_MESSAGES.missing);
  const grant = await tokens.resolveToken(token);
  if (!grant) throw new HttpError(401, AUTH_MESSAGES.invalid);
  // The website token reaches the profile and every overlay id: a module, sandboxed, must not be able to use one it found.
  if (grant.context === 'website' && requestOrigin(request) === 'opaque') throw new HttpError(403, OPAQUE_WEBSITE_TOKEN);
  if (grant.context === 'streamdeck' && !rule.streamdeck) throw new HttpError(403, STREAMDECK_FORBIDDEN);
  if (rule.context !== undefined && (grant.context !== rule.context || (rule.context === 'overlay' && grant.overlay === undefined))) {
    throw new HttpError(403, rule.forbidden);
  }
  return grant;
}

/**
 * The parser of a template's parameters, counted from the path's end (the router matched the template, so
 * the segments line up). The kind is checked as sent: `g%61me` is no kind.
 */
function paramsParser(template: string): (url: string) => PathParams {
  const segments = template.split('/');
  const kindFromEnd = segments.length - segments.indexOf(':kind');
  const idFromEnd = segments.length - segments.indexOf(':id');
  if (kindFromEnd > segments.length && idFromEnd > segments.length) return () => NO_PARAMS;
  return (url) => {
    const path = new URL(url, 'http://api').pathname;
    const parts = path.split('/');
    const kind = kindFromEnd > segments.length ? undefined : (parts[parts.length - kindFromEnd] ?? '');
    if (kind !== undefined && !isKind(kind)) {
      throw new HttpError(404, `Not found - no endpoint at ${JSON.stringify(path.slice(0, 200))}: the kind is one of game, tool, background, event`);
    }
    return { kind, ...(idFromEnd <= segments.length && { id: decodeURIComponent(parts[parts.length - idFromEnd] ?? '') }) };
  };
}
