import { AUTH_MESSAGES, CANVAS_HEIGHT, CANVAS_WIDTH, isKind, type Kind, type Layout } from '../../../api/index.ts';
import type { ProfileNotices } from '../../live/index.ts';
import type { ModuleCatalog } from '../../modules/index.ts';
import type { ProfileUpdate, Registry, TokenGrant } from '../../registry/index.ts';
import { type Answer, jsonAnswer } from '../Answer.ts';
import type { ApiLimits } from '../ApiLimits.ts';
import type { ApiRequest } from '../ApiRequest.ts';
import { authenticate } from '../auth/authenticate.ts';
import { parseJsonObject, readBody, requireJsonContentType } from '../body/readJsonBody.ts';
import { ETAG_EXPOSE_HEADERS } from '../cors.ts';
import { HttpError } from '../HttpError.ts';
import { checkLayout } from './checkLayout.ts';
import { checkFavs, checkSelection } from './checkSelection.ts';

export interface ProfileDeps {
  registry: Registry;
  limits: ApiLimits;
  /** The installed modules (`--modules`); without, only the form of module ids is checked. */
  modules?: ModuleCatalog;
  /** Tells the user's live sockets of each change; none without a live endpoint. */
  notices?: ProfileNotices;
}

type Handler = (request: ApiRequest) => Promise<Answer>;

export const WEBSITE_ONLY = 'Forbidden - changing the profile needs a website token';
const TWITCH_TAKEN = 'Conflict - the profile names a Twitch user that is connected to another account on this server; nothing was stored';
const STALE = 'Precondition failed - If-Match does not match the current ETag: read it again (GET), then write';

/** A 200 with the body's ETag, exposed to cross-origin pages. */
export const taggedAnswer = (json: string, etag: string): Answer => jsonAnswer(200, json, { ETag: etag, ...ETAG_EXPOSE_HEADERS });

/** The checks every write starts with, in the documented order: token (401), website token (403), Content-Type (415), size (413), JSON object (400). */
async function readWrite(request: ApiRequest, deps: ProfileDeps, expected: string): Promise<{ grant: TokenGrant; body: Record<string, unknown> }> {
  const grant = await websiteGrant(request, deps.registry);
  requireJsonContentType(request);
  const body = parseJsonObject(await readBody(request, deps.limits.maxBodyBytes), expected);
  return { grant, body };
}

async function websiteGrant(request: ApiRequest, registry: Registry): Promise<TokenGrant> {
  const grant = await authenticate(request, registry);
  if (grant.context !== 'website') throw new HttpError(403, WEBSITE_ONLY);
  return grant;
}

/** `If-Match`, when sent; an empty header is as good as none. */
const ifMatchOf = (request: ApiRequest) => request.header('if-match')?.trim() || undefined;

/** The stored profile's answer, after its notice went out (a notice that fails does not undo the write). */
async function profileAnswer(result: ProfileUpdate, userId: string, notices: ProfileNotices | undefined): Promise<Answer> {
  if (result === 'stale') throw new HttpError(412, STALE);
  if (result === 'taken') throw new HttpError(409, TWITCH_TAKEN);
  if (result === undefined) throw new HttpError(401, AUTH_MESSAGES.invalid);
  await notices?.profileChanged(userId).catch(() => {});
  return taggedAnswer(JSON.stringify(result.value), result.etag);
}

/** `PUT /me/selected`: the whole `selected` object. */
export function putSelected(deps: ProfileDeps): Handler {
  return async (request) => {
    const { grant, body } = await readWrite(request, deps, 'the whole selected object {game, tools, background, event}');
    const selected = checkSelection(body, deps.modules);
    const result = await deps.registry.updateProfile(grant.userId, (p) => ({ ...p, selected: { ...p.selected, ...selected } }), ifMatchOf(request));
    return profileAnswer(result, grant.userId, deps.notices);
  };
}

/** `PUT /me/favs`: the whole `favs` object. */
export function putFavs(deps: ProfileDeps): Handler {
  return async (request) => {
    const { grant, body } = await readWrite(request, deps, 'the whole favs object {games, tools, backgrounds, events}');
    const favs = checkFavs(body, deps.modules);
    const result = await deps.registry.updateProfile(grant.userId, (p) => ({ ...p, favs: { ...p.favs, ...favs } }), ifMatchOf(request));
    return profileAnswer(result, grant.userId, deps.notices);
  };
}

/** The kind a `/me/.../<kind>` path names; 404 for anything else (the path names no endpoint). */
function kindOfPath(request: ApiRequest, after: string): Kind {
  const path = new URL(request.url, 'http://api').pathname;
  const segment = path.slice(path.indexOf(after) + after.length).split('/')[0] ?? '';
  if (!isKind(segment)) throw new HttpError(404, `Not found - no endpoint at ${JSON.stringify(path.slice(0, 200))}: the kind is one of game, tool, background, event`);
  return segment;
}

/** `POST /me/overlays/<kind>/rotate`: a new overlay id; the old one and its tokens stop working everywhere. */
export function rotateOverlay(deps: ProfileDeps): Handler {
  return async (request) => {
    const kind = kindOfPath(request, '/me/overlays/');
    const grant = await websiteGrant(request, deps.registry);
    const overlay = await deps.registry.rotateOverlayId(grant.userId, kind);
    if (overlay === undefined) throw new HttpError(401, AUTH_MESSAGES.invalid);
    await deps.notices?.profileChanged(grant.userId).catch(() => {});
    return jsonAnswer(200, JSON.stringify({ kind, overlay }));
  };
}

/** `POST /me/streamdeck/rotate`: a new Stream Deck token; the old one gets 401 at once. */
export function rotateStreamdeck(deps: ProfileDeps): Handler {
  return async (request) => {
    const grant = await websiteGrant(request, deps.registry);
    const token = await deps.registry.rotateStreamdeckToken(grant.userId);
    if (token === undefined) throw new HttpError(401, AUTH_MESSAGES.invalid);
    await deps.notices?.profileChanged(grant.userId).catch(() => {});
    return jsonAnswer(200, JSON.stringify({ token }));
  };
}

const layoutOf = (kind: Kind, boxes: Layout['boxes']): Layout => ({ kind, width: CANVAS_WIDTH, height: CANVAS_HEIGHT, boxes });

/** `GET /me/layout/<kind>`: a website token, or an overlay token of that kind. */
export function readLayout(deps: ProfileDeps): Handler {
  return async (request) => {
    const kind = kindOfPath(request, '/me/layout/');
    const grant = await authenticate(request, deps.registry);
    if (grant.context === 'overlay' && grant.overlay !== kind) {
      throw new HttpError(403, `Forbidden - this overlay token reads the ${grant.overlay} layout only, not ${kind}`);
    }
    const { value, etag } = await deps.registry.layout(grant.userId, kind);
    return taggedAnswer(JSON.stringify(layoutOf(kind, value)), etag);
  };
}

/** `PUT /me/layout/<kind>`: the whole layout of that kind. */
export function putLayout(deps: ProfileDeps): Handler {
  return async (request) => {
    const kind = kindOfPath(request, '/me/layout/');
    const { grant, body } = await readWrite(request, deps, 'a layout {boxes}');
    const boxes = checkLayout(body, kind, deps.modules);
    const result = await deps.registry.replaceLayout(grant.userId, kind, boxes, ifMatchOf(request));
    if (result === 'stale') throw new HttpError(412, STALE);
    const layout = layoutOf(kind, result.value);
    await deps.notices?.layoutChanged(grant.userId, layout).catch(() => {});
    return taggedAnswer(JSON.stringify(layout), result.etag);
  };
}
