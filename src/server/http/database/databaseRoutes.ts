import { moduleIdProblem } from '../../../api/index.ts';
import { type DataStore, listModule } from '../../store/index.ts';
import { type Answer, jsonAnswer } from '../Answer.ts';
import { HttpError } from '../HttpError.ts';
import type { ApiRequest } from '../ApiRequest.ts';
import type { ApiLimits } from '../ApiLimits.ts';
import type { OverlayGrant } from '../auth/guardRoute.ts';
import type { Route } from '../routeTable.ts';
import { entryJson, measureValue, resolveAddress, singleParam, valuesJson } from './databaseRequest.ts';
import { parseJsonObject, readBody, requireJsonContentType } from '../body/readJsonBody.ts';

export interface DatabaseDeps {
  store: DataStore;
  limits: ApiLimits;
}

/** The data store's routes (docs/server.md, Tokens): overlay-generated tokens only. */
export function databaseRoutes(deps: DatabaseDeps): Route[] {
  return [
    { method: 'PATCH', path: '/me/database', token: 'overlay', handler: writeEntry(deps) },
    { method: 'GET', path: '/me/database', token: 'overlay', handler: readEntry(deps) },
    { method: 'GET', path: '/me/database/values', token: 'overlay', handler: readModuleValues(deps) },
  ];
}

/** `PATCH /me/database`: after the guard's 401 and 403, checks in the documented order (415, 413, 400; docs/server.md, Errors), then a durable write. */
export function writeEntry({ store, limits }: DatabaseDeps) {
  return async (request: ApiRequest, { userId, overlay: kind }: OverlayGrant): Promise<Answer> => {
    requireJsonContentType(request);
    const bytes = await readBody(request, limits.maxBodyBytes);
    const body = parseJsonObject(bytes, 'a JSON object with id, key and value');
    const valueJson = Object.hasOwn(body, 'value') ? measureValue(body.value, limits.maxValueBytes) : undefined;
    const { moduleId, name } = resolveAddress(body.id, body.key);
    if (valueJson === undefined) throw new HttpError(400, 'value is required (null is allowed)');
    await store.set({ userId, kind, moduleId, name }, valueJson, body.id as string);
    return jsonAnswer(200, entryJson(body.id as string, body.key as string, valueJson));
  };
}

/** `GET /me/database?id=&key=`: 404 naming the key when it was never set. */
export function readEntry({ store }: DatabaseDeps) {
  return async (request: ApiRequest, { userId, overlay: kind }: OverlayGrant): Promise<Answer> => {
    const params = queryOf(request.url);
    const id = singleParam(params, 'id');
    const key = singleParam(params, 'key');
    const { moduleId, name } = resolveAddress(id, key);
    const valueJson = await store.get({ userId, kind, moduleId, name });
    if (valueJson === undefined) throw new HttpError(404, `Not found - key ${JSON.stringify(key)} has never been set`);
    return jsonAnswer(200, entryJson(id, key, valueJson));
  };
}

/**
 * `GET /me/database/values?id=`: every value of module `id` in the token's space,
 * `{id, values: {<name>: <value>}}` (`{}` when none), so that an overlay starts
 * with one read per module instead of one per key. An extension of this server.
 */
export function readModuleValues({ store }: DatabaseDeps) {
  return async (request: ApiRequest, { userId, overlay: kind }: OverlayGrant): Promise<Answer> => {
    const id = singleParam(queryOf(request.url), 'id');
    const problem = moduleIdProblem(id);
    if (problem !== undefined) throw new HttpError(400, `id ${problem}`);
    const entries = await listModule(store, userId, kind, id);
    return jsonAnswer(200, valuesJson(id, entries));
  };
}

/**
 * The query of a request target (a path or an absolute URL), as URL's
 * searchParams gives it, without parsing the whole URL on every read.
 */
function queryOf(target: string): URLSearchParams {
  const start = target.indexOf('?');
  if (start < 0) return new URLSearchParams();
  const end = target.indexOf('#', start);
  return new URLSearchParams(target.slice(start + 1, end < 0 ? undefined : end));
}
