import { MEDIA_PATH, type MediaItem, MediaItemSchema, type MediaList, MediaListSchema } from '../../api/index.ts';
import { ApiError } from './ApiError.ts';
import { type ApiRequest, createApiSender } from './createApiSender.ts';

export interface MediaClientOptions {
  /** Where the API lives and the token to send: an `ApiClient` answers both. */
  api: { readonly baseUrl: string; currentToken(): string | undefined };
  /** @default globalThis.fetch */
  fetch?: typeof globalThis.fetch;
}

/** The media library's calls (docs/server.md, The media library), apart from `ApiClient` so that pages which never upload do not carry them. */
export interface MediaClient {
  /** `GET /me/media`: the files, newest first, the bytes they take and the quota (website or overlay token). */
  list(): Promise<MediaList>;
  /**
   * `POST /me/media?name=`: sends the file's bytes as the body, streamed by the browser (never JSON or
   * base64), with its own type (the server checks it against the bytes). Needs the website token.
   * No timeout: a large file on a slow uplink takes what it takes; abort with `signal`.
   */
  upload(file: Blob, name: string, signal?: AbortSignal): Promise<MediaItem>;
  /** `DELETE /me/media/<id>`: the file leaves the library and the quota; its URL answers 404. */
  remove(id: string): Promise<void>;
}

/** Creates the media calls over an API client's address and token. */
export function createMediaClient({ api, fetch = globalThis.fetch }: MediaClientOptions): MediaClient {
  const sender = createApiSender({ baseUrl: api.baseUrl, getToken: () => api.currentToken(), fetch });
  async function send(method: string, path: string, init: Pick<ApiRequest, 'raw' | 'signal'> = {}): Promise<unknown> {
    const token = api.currentToken();
    if (!token) throw new ApiError('UNAUTHORIZED', 'No token yet: the page is not signed in');
    return (await sender.ok(method, path, { ...init, token })).body;
  }

  const parsed = <T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, body: unknown): T => {
    const result = schema.safeParse(body);
    if (!result.success) throw new ApiError('UNAVAILABLE', 'The API answered with an unexpected body');
    return result.data;
  };

  return {
    list: async () => parsed(MediaListSchema, await send('GET', MEDIA_PATH)),
    async upload(file, name, signal) {
      const raw = { body: file, type: file.type || 'application/octet-stream' };
      return parsed(MediaItemSchema, await send('POST', `${MEDIA_PATH}?${new URLSearchParams({ name })}`, { raw, signal }));
    },
    async remove(id) {
      await send('DELETE', `${MEDIA_PATH}/${encodeURIComponent(id)}`);
    },
  };
}
