import type { Registry } from '../../registry/index.ts';
import { moduleIdProblem } from '../../../api/index.ts';
import { type DataStore, listModule } from '../../store/index.ts';
import { type Answer, jsonAnswer } from '../Answer.ts';
import { HttpError } from '../HttpError.ts';
import type { ApiRequest } from '../ApiRequest.ts';
import type { ApiLimits } from '../ApiLimits.ts';
import { authenticate, requireOverlay } from '../auth/authenticate.ts';
import { entryJson, measureValue, resolveAddress, singleParam, valuesJson } from './databaseRequest.ts';
import { parseJsonObject, readBody, requireJsonContentType } from '../body/readJsonBody.ts';

export interface DatabaseDeps {
  registry: Registry;
  store: DataStore;
  limits: ApiLimits;
}

/** `PATCH /me/database`: checks in the documented order (401, 403, 415, 413, 400; docs/server.md, Errors), then a durable write. */
export function writeEntry({ registry, store, limits }: DatabaseDeps) {
  return async (request: ApiRequest): Promise<Answer> => {
    const { userId, overlay: kind } = requireOverlay(await authenticate(request, registry));
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
export function readEntry({ registry, store }: DatabaseDeps) {
  return async (request: ApiRequest): Promise<Answer> => {
    const { userId, overlay: kind } = requireOverlay(await authenticate(request, registry));
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
export function readModuleValues({ registry, store }: DatabaseDeps) {
  return async (request: ApiRequest): Promise<Answer> => {
    const { userId, overlay: kind } = requireOverlay(await authenticate(request, registry));
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
