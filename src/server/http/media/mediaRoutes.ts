import { randomBytes } from 'node:crypto';
import { MEDIA_FILE_PATH, MEDIA_PATH, type MediaItem, type MediaList } from '../../../api/index.ts';
import { ACCEPTED_FORMATS, contradicts, formatBytes, type MediaLimits, type MediaRecord, type MediaStore, sniffMedia } from '../../media/index.ts';
import type { TokenGrant } from '../../registry/index.ts';
import { type Answer, jsonAnswer } from '../Answer.ts';
import type { ApiRequest } from '../ApiRequest.ts';
import type { PathParams } from '../auth/guardRoute.ts';
import { HttpError } from '../HttpError.ts';
import type { Route } from '../routeTable.ts';
import { noContent } from '../sessions/sessionRoutes.ts';
import { checkMediaName } from './checkMediaName.ts';
import { readUpload } from './readUpload.ts';
import { serveMedia } from './serveMedia.ts';

export interface MediaDeps {
  store: MediaStore;
  limits: MediaLimits;
  /** The API's public base URL (`--public-url`); undefined: the request's origin. */
  publicUrl?: string;
  /** The path the API is served under (`/api` with npm start), for the items' URLs. */
  apiPath: string;
  now: () => number;
  /** A new media id. @default 144 random bits, base64url */
  newId?: () => string;
}

/** `POST /me/media`, `GET /me/media`, `DELETE /me/media/<id>` and the public `GET /media/<id>` (docs/server.md, The media library). */
export function mediaRoutes(deps: MediaDeps): Route[] {
  return [
    { method: 'POST', path: MEDIA_PATH, token: 'website', refusal: 'account', handler: uploadMedia(deps) },
    { method: 'GET', path: MEDIA_PATH, token: 'user', handler: listMedia(deps) },
    { method: 'DELETE', path: `${MEDIA_PATH}/:id`, token: 'website', refusal: 'account', handler: deleteMedia(deps) },
    { method: 'GET', path: `${MEDIA_FILE_PATH}/:id`, token: 'none', handler: serveMedia(deps.store) },
  ];
}

const newMediaId = () => randomBytes(18).toString('base64url');

/** `POST /me/media?name=`: the body is the file's bytes; 201 with the item. */
function uploadMedia(deps: MediaDeps) {
  const { store, limits, now, newId = newMediaId } = deps;
  return async (request: ApiRequest, grant: TokenGrant): Promise<Answer> => {
    const name = checkMediaName(new URL(request.url, 'http://api').searchParams.get('name'));
    const declared = Number(request.header('content-length') ?? Number.NaN);
    if (declared === 0) throw emptyFile();
    if (declared > limits.maxFileBytes) throw fileTooLarge(limits);
    const left = limits.quotaBytes - (await store.used(grant.userId));
    if (declared > left) throw overQuota(limits, left);
    const bytes = await readUploadWithin(request, limits, left);
    if (bytes.byteLength === 0) throw emptyFile();
    const sniffed = sniffMedia(bytes);
    if (!sniffed) throw new HttpError(415, `Unsupported media type - the file's bytes are none of the accepted formats: ${ACCEPTED_FORMATS} (SVG, HTML and other files are refused)`);
    if (contradicts(request.header('content-type'), sniffed)) {
      throw new HttpError(415, `Unsupported media type - the Content-Type ${JSON.stringify(request.header('content-type')?.slice(0, 100))} contradicts the file's bytes, which are ${sniffed.type}`);
    }
    const record: MediaRecord = { id: newId(), userId: grant.userId, name, ...sniffed, bytes: bytes.byteLength, createdAt: now() };
    const outcome = await store.add(record, bytes, limits.quotaBytes);
    if (!outcome.added) throw overQuota(limits, outcome.left);
    return jsonAnswer(201, JSON.stringify(itemOf(record, baseOf(deps, request))), { 'Cache-Control': 'no-store' });
  };
}

/** `GET /me/media`: the library, newest first, with the bytes used and the quota. */
function listMedia(deps: MediaDeps) {
  return async (request: ApiRequest, grant: TokenGrant): Promise<Answer> => {
    const records = await deps.store.list(grant.userId);
    const base = baseOf(deps, request);
    const list: MediaList = { items: records.map((record) => itemOf(record, base)), bytes: records.reduce((sum, each) => sum + each.bytes, 0), quota: deps.limits.quotaBytes };
    return jsonAnswer(200, JSON.stringify(list), { 'Cache-Control': 'no-store' });
  };
}

/** `DELETE /me/media/<id>`: 204; the bytes leave the quota and the URL answers 404. Another streamer's id is not found. */
function deleteMedia(deps: MediaDeps) {
  return async (_request: ApiRequest, grant: TokenGrant, { id = '' }: PathParams): Promise<Answer> => {
    if (!(await deps.store.remove(grant.userId, id))) throw new HttpError(404, `Not found - no media file with id ${JSON.stringify(id.slice(0, 64))} in your library`);
    return noContent();
  };
}

/** The body within the file limit and the quota left, the 413 naming which was passed. */
function readUploadWithin(request: ApiRequest, limits: MediaLimits, left: number): Promise<Uint8Array> {
  const max = Math.min(limits.maxFileBytes, left);
  return readUpload(request, max, () => (max === limits.maxFileBytes ? fileTooLarge(limits) : overQuota(limits, left)));
}

const emptyFile = () => new HttpError(400, 'Bad request - the file is empty (zero bytes)');

function fileTooLarge(limits: MediaLimits): HttpError {
  return new HttpError(413, `Payload too large - a media file may take at most ${formatBytes(limits.maxFileBytes)} (${limits.maxFileBytes} bytes)`, { Connection: 'close' });
}

function overQuota(limits: MediaLimits, left: number): HttpError {
  const free = Math.max(0, left);
  return new HttpError(413, `Payload too large - the file passes your media quota of ${formatBytes(limits.quotaBytes)}: ${formatBytes(free)} left (${free} bytes); delete files to make room`, { Connection: 'close' });
}

/** Where the items' URLs point: `--public-url` when set, else the origin the request came to; then the API's path. */
function baseOf(deps: MediaDeps, request: ApiRequest): string {
  const origin = deps.publicUrl ?? new URL(request.url, `http://${request.header('host') ?? 'localhost'}`).origin;
  return `${origin}${deps.apiPath}${MEDIA_FILE_PATH}/`;
}

function itemOf(record: MediaRecord, base: string): MediaItem {
  const { id, name, kind, type, bytes, createdAt } = record;
  return { id, name, kind, type, bytes, url: base + id, createdAt: new Date(createdAt).toISOString() };
}
