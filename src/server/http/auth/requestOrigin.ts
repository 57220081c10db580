import type { ExchangeOrigin } from '../../limits/index.ts';
import type { ApiRequest } from '../ApiRequest.ts';

/**
 * Where a request comes from, from its Origin header: `opaque` for `Origin:
 * null`, which every module frame and panel (sandboxed, without
 * allow-same-origin) sends and no page of this project does; `same` when the
 * origin names the host the request was sent to; `cross` for another web page;
 * `none` without the header (not a browser's fetch).
 */
export function requestOrigin(request: ApiRequest): ExchangeOrigin | 'opaque' {
  const origin = request.header('origin')?.trim();
  if (origin === undefined || origin === '') return 'none';
  if (origin === 'null') return 'opaque';
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return 'cross';
  }
  return host !== '' && host === request.header('host')?.trim().toLowerCase() ? 'same' : 'cross';
}
