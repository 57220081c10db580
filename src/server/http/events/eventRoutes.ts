import type { StreamEvent } from '../../../api/index.ts';
import { type EventRate, EventRateExceeded, type Events, type NewEvent } from '../../events/index.ts';
import type { TokenGrant } from '../../registry/index.ts';
import { type Answer, jsonAnswer } from '../Answer.ts';
import type { ApiLimits } from '../ApiLimits.ts';
import type { ApiRequest } from '../ApiRequest.ts';
import type { PathParams } from '../auth/guardRoute.ts';
import type { Route } from '../routeTable.ts';
import { parseJsonObject, readBody } from '../body/readJsonBody.ts';
import { HttpError } from '../HttpError.ts';
import { readPostedEvent, requireEventMediaType } from './readPostedEvent.ts';

export interface EventDeps {
  events: Events;
  limits: ApiLimits;
  /** The per-user rate of `POST /me/events`, enforced by the log as it appends. */
  rate: EventRate;
}

/** `POST /me/events`: 201 the stored record, 200 the stored record of a repeated id (never delivered again). */
export function postEvent({ events, limits, rate }: EventDeps) {
  return async (request: ApiRequest, { userId }: TokenGrant): Promise<Answer> => {
    requireEventMediaType(request);
    const posted = readPostedEvent(parseJsonObject(await readBody(request, limits.maxBodyBytes), 'a JSON object with type and event'));
    const { record, created } = await appendWithin(events, userId, { ...posted, source: 'api' }, rate);
    return jsonAnswer(created ? 201 : 200, JSON.stringify(record));
  };
}

/** The append, or 429 with `Retry-After` past the user's rate (checked in the same step as the append: one round trip on Redis). */
async function appendWithin(events: Events, userId: string, event: NewEvent, rate: EventRate) {
  try {
    return await events.append(userId, event, rate);
  } catch (error) {
    if (!(error instanceof EventRateExceeded)) throw error;
    const seconds = Math.max(1, Math.ceil(error.retryAfterMs / 1000));
    throw new HttpError(429, `Too many requests - too many events posted for this user; retry in ${seconds} s`, { 'Retry-After': String(seconds) });
  }
}

/** `GET /me/events?after=&limit=`: history, oldest first. */
export function listEvents({ events }: EventDeps) {
  return async (request: ApiRequest, { userId }: TokenGrant): Promise<Answer> => {
    const query = new URL(request.url, 'http://x').searchParams;
    const after = single(query, 'after');
    const limitText = single(query, 'limit');
    const limit = limitText === undefined ? 100 : /^\d{1,4}$/.test(limitText) ? Number(limitText) : Number.NaN;
    if (!(limit >= 1 && limit <= 1000)) throw new HttpError(400, `Bad request - limit must be an integer from 1 to 1000, got ${JSON.stringify(limitText)}`);
    if (after === '') throw new HttpError(400, 'Bad request - after must be a cursor from an earlier answer or live message');
    const page = await events.list(userId, { after, limit });
    const body = `{"events":[${page.events.map(({ record }) => JSON.stringify(record)).join(',')}],"cursor":${JSON.stringify(page.cursor)},"gap":${page.gap}}`;
    return jsonAnswer(200, body);
  };
}

/** `GET /me/live/events?start=`: the hosted platform's shape, `{"<type>": [event payloads, newest first]}`, test events left out. */
export function liveEvents({ events }: EventDeps) {
  return async (request: ApiRequest, { userId }: TokenGrant): Promise<Answer> => {
    const startText = single(new URL(request.url, 'http://x').searchParams, 'start');
    const start = startText === undefined ? 0 : /^\d{1,16}$/.test(startText) ? Number(startText) : Number.NaN;
    if (!Number.isSafeInteger(start)) throw new HttpError(400, `Bad request - start must be a Unix time in milliseconds, got ${JSON.stringify(startText)}`);
    return jsonAnswer(200, JSON.stringify(byTypeNewestFirst(await events.since(userId, start))));
  };
}

/** `POST /me/events/<id>/replay`: 202, the stored event goes out again on the live channel with `replayed: true`. */
export function replayEvent({ events }: EventDeps) {
  return async (_request: ApiRequest, { userId }: TokenGrant, { id }: PathParams): Promise<Answer> => {
    const replayed = id === undefined ? undefined : await events.replay(userId, id);
    if (!replayed) throw new HttpError(404, `Not found - no stored event with id ${JSON.stringify((id ?? '').slice(0, 130))}`);
    return jsonAnswer(202, JSON.stringify(replayed));
  };
}

function byTypeNewestFirst(records: StreamEvent[]): Record<string, Record<string, unknown>[]> {
  const answer: Record<string, Record<string, unknown>[]> = {};
  for (let i = records.length - 1; i >= 0; i--) {
    const record = records[i]!;
    if (record.test) continue;
    const type = record.subscription.type;
    if (answer[type]) answer[type].push(record.event);
    else answer[type] = [record.event];
  }
  return answer;
}

/** A query parameter given at most once; 400 when repeated. */
function single(query: URLSearchParams, name: string): string | undefined {
  const all = query.getAll(name);
  if (all.length > 1) throw new HttpError(400, `Bad request - query parameter ${name} is repeated`);
  return all[0];
}

/** The stream events' routes: any token posts (the Stream Deck's too); website and overlay tokens read. */
export function eventRoutes(deps: EventDeps): Route[] {
  return [
    { method: 'POST', path: '/me/events', token: 'any', handler: postEvent(deps) },
    { method: 'GET', path: '/me/events', token: 'user', handler: listEvents(deps) },
    { method: 'GET', path: '/me/live/events', token: 'user', handler: liveEvents(deps) },
    { method: 'POST', path: '/me/events/:id/replay', token: 'user', handler: replayEvent(deps) },
  ];
}
