import { DEMO_TOKENS } from '../../server/index.ts';

/** The value every load request writes and reads: a small JSON object, like a module's. */
export const LOAD_VALUE_JSON = '{"count":42,"label":"deaths","at":1700000000000}';
const ID = 'bench.tool.load';
const KEY = 'count';

/** A request as autocannon takes it. */
export interface LoadRequest {
  method: 'GET' | 'PATCH';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** The PATCH and the GET of the load test: the demo tool token, one key, the same value. */
export function loadRequests(): Record<'patch' | 'get', LoadRequest> {
  const headers = { Authorization: `Bearer ${DEMO_TOKENS.tool}`, Accept: 'application/json' };
  return {
    patch: {
      method: 'PATCH',
      path: '/me/database',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: `{"id":"${ID}","key":"${KEY}","value":${LOAD_VALUE_JSON}}`,
    },
    get: { method: 'GET', path: `/me/database?id=${ID}&key=${KEY}`, headers },
  };
}
