import * as z from 'zod/mini';
import type { Kind } from './kind.ts';

// The website token's writes to the profile (docs/server.md): each stores one part whole,
// with `If-Match: <ETag of GET /me>`, and answers the whole profile with its new ETag.

/** `GET /me`: the profile with its ETag. */
export const PROFILE_PATH = '/me';

/** `PUT /me/selected`: the whole selection. */
export const SELECTED_PATH = '/me/selected';

/** `PUT /me/favs`: the whole favourites. */
export const FAVS_PATH = '/me/favs';

/** `POST /me/streamdeck/rotate`: a new Stream Deck token. */
export const STREAMDECK_ROTATE_PATH = '/me/streamdeck/rotate';

/** `POST /me/overlays/<kind>/rotate`: a new overlay id of that kind. */
export const overlayRotatePath = (kind: Kind): string => `/me/overlays/${kind}/rotate`;

/** `GET` and `PUT /me/layout/<kind>`: the stored boxes of one overlay kind. */
export const layoutPath = (kind: Kind): string => `/me/layout/${kind}`;

/** `POST /auth/logout`: drops the website token the request is made with. */
export const LOGOUT_PATH = '/auth/logout';

/**
 * The body of `PUT /me/selected`: `""` for an empty single slot, tools in drawing
 * order. The server checks it member by member for its error texts
 * (server/http/profile/checkSelection.ts); this is the shape both sides speak.
 */
export const SelectionSchema = /* @__PURE__ */ z.object({
  game: z.string(),
  tools: z.array(z.string()),
  background: z.string(),
  event: z.string(),
});
export type Selection = z.infer<typeof SelectionSchema>;

/** The body of `PUT /me/favs`: module ids by kind. */
export const FavouritesSchema = /* @__PURE__ */ z.object({
  games: z.array(z.string()),
  tools: z.array(z.string()),
  backgrounds: z.array(z.string()),
  events: z.array(z.string()),
});
export type Favourites = z.infer<typeof FavouritesSchema>;

/** The favourites list of each kind. */
export const FAVS_OF: Record<Kind, keyof Favourites> = { game: 'games', tool: 'tools', background: 'backgrounds', event: 'events' };

/** Answer of `POST /me/overlays/<kind>/rotate`. */
export const RotatedOverlaySchema = /* @__PURE__ */ z.looseObject({ overlay: z.string() });

/** Answer of `POST /me/streamdeck/rotate`. */
export const RotatedStreamDeckSchema = /* @__PURE__ */ z.looseObject({ token: z.string() });
