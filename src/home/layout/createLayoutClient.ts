import { type Boxes, codeForStatus, type Kind, type Layout, LayoutSchema } from '../../api/index.ts';
import { ApiError, errorMessage, unwrapBody } from '../../client/index.ts';

/** A layout as the server holds it, with the `ETag` a write must match. */
export interface StoredLayout {
  layout: Layout;
  /** null when the server sent none: the next write then goes without `If-Match`. */
  etag: string | null;
}

/** A write's outcome: stored, or refused because the layout changed since `etag` (412). */
export type LayoutWrite = ({ ok: true } & StoredLayout) | { ok: false; conflict: true };

export interface LayoutClient {
  /** `GET /me/layout/<kind>`. */
  get(kind: Kind): Promise<StoredLayout>;
  /** `PUT /me/layout/<kind>` with `If-Match: <etag>`; any other failure rejects with an `ApiError`. */
  put(kind: Kind, boxes: Boxes, etag: string | null): Promise<LayoutWrite>;
}

export interface LayoutClientOptions {
  /** Where the API lives, e.g. `https://api.example`. */
  baseUrl: string;
  /** Asked for the website token before each request. */
  getToken: () => string | undefined;
  /** @default globalThis.fetch */
  fetch?: typeof globalThis.fetch;
}

/** The layout endpoints of the home page (docs/home.md, "Layout"). */
export function createLayoutClient(options: LayoutClientOptions): LayoutClient {
  const { baseUrl, getToken } = options;
  const fetchFn = options.fetch ?? globalThis.fetch;
  if (typeof baseUrl !== 'string' || baseUrl === '') throw new TypeError('createLayoutClient: baseUrl is required');
  if (typeof fetchFn !== 'function') throw new TypeError('createLayoutClient: no fetch function available');
  const root = baseUrl.replace(/\/+$/, '');

  async function send(kind: Kind, init: { method: 'GET' | 'PUT'; body?: unknown; etag?: string | null }): Promise<Response> {
    const token = getToken();
    if (!token) throw new ApiError('UNAUTHORIZED', 'No website token');
    const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}` };
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    if (init.etag) headers['If-Match'] = init.etag;
    try {
      return await fetchFn(`${root}/me/layout/${kind}`, {
        method: init.method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        referrerPolicy: 'no-referrer',
        credentials: 'omit',
        ...(init.method === 'GET' && { cache: 'no-store' as const }),
      });
    } catch {
      throw new ApiError('UNAVAILABLE', 'The API cannot be reached');
    }
  }

  return {
    async get(kind) {
      return stored(await send(kind, { method: 'GET' }));
    },
    async put(kind, boxes, etag) {
      const response = await send(kind, { method: 'PUT', body: { boxes }, etag });
      if (response.status === 412) return { ok: false, conflict: true };
      return { ok: true, ...(await stored(response)) };
    },
  };
}

async function stored(response: Response): Promise<StoredLayout> {
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok) throw new ApiError(codeForStatus(response.status), errorMessage(body, response.status), response.status, response.headers.get('Retry-After'));
  const parsed = LayoutSchema.safeParse(unwrapBody(body));
  if (!parsed.success) throw new ApiError('UNAVAILABLE', 'The API answered with an unexpected layout', response.status);
  return { layout: parsed.data, etag: response.headers.get('ETag') };
}
