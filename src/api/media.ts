import * as z from 'zod/mini';

/** `POST /me/media?name=`, `GET /me/media`, `DELETE /me/media/<id>`: the streamer's media library (docs/server.md, The media library). */
export const MEDIA_PATH = '/me/media';
/** Where a file is served, `<api>/media/<id>`, without a token: the id is the secret. */
export const MEDIA_FILE_PATH = '/media';

/** What a file is for, decided by its first bytes. */
export const MEDIA_KINDS = ['image', 'sound', 'video'] as const;
export const MediaKindSchema = /* @__PURE__ */ z.enum(MEDIA_KINDS);
export type MediaKind = z.infer<typeof MediaKindSchema>;

/** One file of the library, as `POST /me/media` answers it and `GET /me/media` lists it. */
export const MediaItemSchema = /* @__PURE__ */ z.object({
  /** At least 128 random bits: it is the secret of the file's public `url`. */
  id: z.string(),
  /** The file name given at upload. */
  name: z.string(),
  kind: MediaKindSchema,
  /** The media type detected from the bytes, e.g. `image/png`; the file is served with it. */
  type: z.string(),
  /** Its size in bytes. */
  bytes: z.number(),
  /** Absolute: `<public url or the request's origin><api path>/media/<id>`. */
  url: z.string(),
  /** ISO 8601, when it was added. */
  createdAt: z.string(),
});
export type MediaItem = z.infer<typeof MediaItemSchema>;

/** `GET /me/media`: the files, newest first, the bytes they take and the streamer's quota in bytes. */
export const MediaListSchema = /* @__PURE__ */ z.object({ items: z.array(MediaItemSchema), bytes: z.number(), quota: z.number() });
export type MediaList = z.infer<typeof MediaListSchema>;
