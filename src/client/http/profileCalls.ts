import { FAVS_PATH, type Favourites, type Kind, overlayRotatePath, PROFILE_PATH, type Profile, ProfileSchema, RotatedOverlaySchema, RotatedStreamDeckSchema, SELECTED_PATH, type Selection, STREAMDECK_ROTATE_PATH } from '../../api/index.ts';
import { ApiError } from './ApiError.ts';
import { type ApiAnswer, type ApiSender, failureOf, isOk } from './createApiSender.ts';

/** A profile as the server holds it, with the `ETag` a write must match. */
export interface StoredProfile {
  profile: Profile;
  /** null when the server sent none: the next write then goes without `If-Match`. */
  etag: string | null;
}

/** A write's outcome: stored (the whole profile after it), or refused because the profile changed since the ETag (412). */
export type ProfileWrite = ({ ok: true } & StoredProfile) | { ok: false; conflict: true };

/** The profile's calls with the website token (docs/home.md): read with ETag, whole writes with `If-Match`, rotations. */
export interface ProfileCalls {
  /** `GET /me`: the full profile, credentials included, and its ETag; with `token`, as that token's user. */
  read(token?: string): Promise<StoredProfile>;
  /** `PUT /me/selected` with `If-Match: <etag>`; any failure but 412 rejects with an `ApiError`. */
  putSelection(selection: Selection, etag: string | null): Promise<ProfileWrite>;
  /** `PUT /me/favs` with `If-Match: <etag>`; any failure but 412 rejects with an `ApiError`. */
  putFavourites(favourites: Favourites, etag: string | null): Promise<ProfileWrite>;
  /** `POST /me/overlays/<kind>/rotate`: the new overlay id. */
  rotateOverlay(kind: Kind): Promise<string>;
  /** `POST /me/streamdeck/rotate`: the new Stream Deck token. */
  rotateStreamDeck(): Promise<string>;
}

/** The profile's calls over a sender. */
export function createProfileCalls(sender: ApiSender): ProfileCalls {
  async function write(path: string, body: unknown, etag: string | null): Promise<ProfileWrite> {
    const answer = await sender.send('PUT', path, { body, ifMatch: etag });
    if (answer.status === 412) return { ok: false, conflict: true };
    if (!isOk(answer)) throw failureOf(answer);
    return { ok: true, ...storedProfile(answer) };
  }
  return {
    read: async (token) => storedProfile(await sender.ok('GET', PROFILE_PATH, token === undefined ? {} : { token })),
    putSelection: (selection, etag) => write(SELECTED_PATH, selection, etag),
    putFavourites: (favourites, etag) => write(FAVS_PATH, favourites, etag),
    async rotateOverlay(kind) {
      const parsed = RotatedOverlaySchema.safeParse((await sender.ok('POST', overlayRotatePath(kind))).body);
      if (!parsed.success) throw new ApiError('UNAVAILABLE', 'the API answered without the new overlay id');
      return parsed.data.overlay;
    },
    async rotateStreamDeck() {
      const parsed = RotatedStreamDeckSchema.safeParse((await sender.ok('POST', STREAMDECK_ROTATE_PATH)).body);
      if (!parsed.success) throw new ApiError('UNAVAILABLE', 'the API answered without the new token');
      return parsed.data.token;
    },
  };
}

/** The profile of a 2xx answer, with its ETag. */
function storedProfile(answer: ApiAnswer): StoredProfile {
  const parsed = ProfileSchema.safeParse(answer.body);
  if (!parsed.success) throw new ApiError('UNAVAILABLE', 'The API answered with a profile of an unexpected shape', answer.status);
  return { profile: parsed.data, etag: answer.etag };
}
