import { AUTH_MESSAGES } from '../../../api/index.ts';
import { layoutOf } from '../../live/index.ts';
import type { ModuleCatalog } from '../../modules/index.ts';
import type { ProfileUpdate, ProfileStore, TokenGrant } from '../../registry/index.ts';
import { type Answer, jsonAnswer } from '../Answer.ts';
import type { ApiLimits } from '../ApiLimits.ts';
import type { ApiRequest } from '../ApiRequest.ts';
import type { PathParams } from '../auth/guardRoute.ts';
import { parseJsonObject, readBody, requireJsonContentType } from '../body/readJsonBody.ts';
import { ETAG_EXPOSE_HEADERS } from '../cors.ts';
import { HttpError } from '../HttpError.ts';
import { checkLayout } from './checkLayout.ts';
import { checkFavs, checkSelection } from './checkSelection.ts';

export interface ProfileDeps {
  registry: ProfileStore;
  limits: ApiLimits;
  /** The installed modules (`--modules`); without, only the form of module ids is checked. */
  modules?: ModuleCatalog;
}

/** A profile route's handler, after the guard: the grant, and the path's `kind` where it has one. */
type Handler = (request: ApiRequest, grant: TokenGrant, params: PathParams) => Promise<Answer>;

const TWITCH_TAKEN = 'Conflict - the profile names a Twitch user that is connected to another account on this server; nothing was stored';
const STALE = 'Precondition failed - If-Match does not match the current ETag: read it again (GET), then write';

/** A 200 with the body's ETag, exposed to cross-origin pages. */
export const taggedAnswer = (json: string, etag: string): Answer => jsonAnswer(200, json, { ETag: etag, ...ETAG_EXPOSE_HEADERS });

/** The checks every write goes on with after the guard's token (401) and website token (403), in the documented order: Content-Type (415), size (413), JSON object (400). */
async function readWrite(request: ApiRequest, deps: ProfileDeps, expected: string): Promise<Record<string, unknown>> {
  requireJsonContentType(request);
  return parseJsonObject(await readBody(request, deps.limits.maxBodyBytes), expected);
}

/** `If-Match`, when sent; an empty header is as good as none. */
const ifMatchOf = (request: ApiRequest) => request.header('if-match')?.trim() || undefined;

/** The stored profile's answer (its news went out with the write: withProfileNews). */
function profileAnswer(result: ProfileUpdate): Answer {
  if (result === 'stale') throw new HttpError(412, STALE);
  if (result === 'taken') throw new HttpError(409, TWITCH_TAKEN);
  if (result === undefined) throw new HttpError(401, AUTH_MESSAGES.invalid);
  return taggedAnswer(JSON.stringify(result.value), result.etag);
}

/** `PUT /me/selected`: the whole `selected` object. */
export const putSelected = (deps: ProfileDeps): Handler => putSection(deps, 'selected', checkSelection, '{game, tools, background, event}');

/** `PUT /me/favs`: the whole `favs` object. */
export const putFavs = (deps: ProfileDeps): Handler => putSection(deps, 'favs', checkFavs, '{games, tools, backgrounds, events}');

/** A write of one whole section of the profile, checked by `check`, onto the profile as stored then. */
function putSection(deps: ProfileDeps, section: 'selected' | 'favs', check: (body: Record<string, unknown>, modules: ModuleCatalog | undefined) => object, members: string): Handler {
  return async (request, grant) => {
    const body = await readWrite(request, deps, `the whole ${section} object ${members}`);
    const value = check(body, deps.modules);
    const result = await deps.registry.updateProfile(grant.userId, (p) => ({ ...p, [section]: { ...p[section], ...value } }), ifMatchOf(request));
    return profileAnswer(result);
  };
}

/** `POST /me/overlays/<kind>/rotate`: a new overlay id; the old one and its tokens stop working everywhere. */
export function rotateOverlay(deps: ProfileDeps): Handler {
  return async (_request, grant, params) => {
    const kind = params.kind!;
    const overlay = await deps.registry.rotateOverlayId(grant.userId, kind);
    if (overlay === undefined) throw new HttpError(401, AUTH_MESSAGES.invalid);
    return jsonAnswer(200, JSON.stringify({ kind, overlay }));
  };
}

/** `POST /me/streamdeck/rotate`: a new Stream Deck token; the old one gets 401 at once. */
export function rotateStreamdeck(deps: ProfileDeps): Handler {
  return async (_request, grant) => {
    const token = await deps.registry.rotateStreamdeckToken(grant.userId);
    if (token === undefined) throw new HttpError(401, AUTH_MESSAGES.invalid);
    return jsonAnswer(200, JSON.stringify({ token }));
  };
}

/** `GET /me/layout/<kind>`: a website token, or an overlay token of that kind. */
export function readLayout(deps: ProfileDeps): Handler {
  return async (_request, grant, params) => {
    const kind = params.kind!;
    // An overlay token of another kind is a valid token of the table's kind: which layout it may read is this route's rule.
    if (grant.context === 'overlay' && grant.overlay !== kind) {
      throw new HttpError(403, `Forbidden - this overlay token reads the ${grant.overlay} layout only, not ${kind}`);
    }
    const { value, etag } = await deps.registry.layout(grant.userId, kind);
    return taggedAnswer(JSON.stringify(layoutOf(kind, value)), etag);
  };
}

/** `PUT /me/layout/<kind>`: the whole layout of that kind. */
export function putLayout(deps: ProfileDeps): Handler {
  return async (request, grant, params) => {
    const kind = params.kind!;
    const body = await readWrite(request, deps, 'a layout {boxes}');
    const boxes = checkLayout(body, kind, deps.modules);
    const result = await deps.registry.replaceLayout(grant.userId, kind, boxes, ifMatchOf(request));
    if (result === 'stale') throw new HttpError(412, STALE);
    return taggedAnswer(JSON.stringify(layoutOf(kind, result.value)), result.etag);
  };
}
