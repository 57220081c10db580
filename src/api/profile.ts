import * as z from 'zod/mini';
import { RESERVED_MODULE_IDS } from './resolveKey.ts';

// The profile of `GET /me`. Objects are loose, because the service may add members:
// members beyond these are kept and returned.
const str = z.string();
const int = z.int();

/**
 * An ISO datetime in UTC with `digits` fractional digits (0 or 3), as `Date#toISOString`
 * writes it. A pattern rather than `z.iso.datetime`, whose format code the overlay page would
 * carry for these two fields alone; it checks each field's range, not the days of each month.
 */
function utcDatetime(digits: 0 | 3) {
  const fraction = digits === 3 ? '\\.\\d{3}' : '';
  const pattern = new RegExp(`^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])T([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d${fraction}Z$`);
  const example = digits === 3 ? '2024-01-31T12:00:00.000Z' : '2024-01-31T12:00:00Z';
  return /* @__PURE__ */ z.string().check(z.regex(pattern, `must be an ISO datetime in UTC, as ${example}`));
}

export const UserSchema = z.looseObject({
  userId: /* @__PURE__ */ z.string().check(z.regex(/^\d+$/, 'userId must be numeric text')),
  userName: str,
  streamerType: str,
  registered: utcDatetime(3),
  role: str,
  tier: int,
});

export const OverlayIdsSchema = z.looseObject({
  game: str,
  tool: str,
  background: str,
  event: str,
});

const RESERVED = 'is reserved: __proto__, constructor and prototype are never module ids';

/** A module slot: any text but the names that are never module ids (they would reach an object's prototype). */
const slot = /* @__PURE__ */ z.string().check(z.refine((id) => !RESERVED_MODULE_IDS.includes(id), RESERVED));

export const SelectedSchema = z.looseObject({
  game: slot,
  tools: z.array(slot),
  background: slot,
  event: slot,
});

/** Element shape of these arrays is "not shown" in the spec, so anything goes, but a name that is never a module id. */
const list = z.array(/* @__PURE__ */ z.unknown().check(z.refine((item) => !(typeof item === 'string' && RESERVED_MODULE_IDS.includes(item)), RESERVED)));

export const PreAccessSchema = z.looseObject({
  games: list,
  tools: list,
  background: list,
  events: list,
});

export const FavsSchema = z.looseObject({
  games: list,
  tools: list,
  backgrounds: list,
  events: list,
});

export const TwitchUserSchema = z.looseObject({
  id: str,
  name: str,
  userType: str,
  broadcasterType: str,
  views: int,
  description: str,
  pb: str,
  offlineImg: str,
  isBanned: z.boolean(),
  bannedSince: int,
});

export const TwitchStreamSchema = z.looseObject({
  id: str,
  status: str,
  title: str,
  viewer: int,
  language: str,
  preview: str,
  game: z.looseObject({ id: str, name: str }),
  uptime: z.looseObject({
    startedAt: utcDatetime(0),
    startedAtUnix: int,
    converted: /* @__PURE__ */ z.string().check(z.regex(/^\d{2,}:\d{2}h$/, 'converted must look like HH:MMh')),
  }),
  lastStream: z.looseObject({ uptime: str, title: str, vod: str, startedAt: str }),
  tags: list,
  stats: int,
});

export const ProfileSchema = z.looseObject({
  user: UserSchema,
  overlays: OverlayIdsSchema,
  streamdeck: z.looseObject({ token: str }),
  selected: SelectedSchema,
  preAccess: PreAccessSchema,
  favs: FavsSchema,
  twitch: z.looseObject({ user: TwitchUserSchema, stream: TwitchStreamSchema }),
});

export type Profile = z.infer<typeof ProfileSchema>;

/** The profile a module may see: no overlay ids, no streamdeck token. */
export const PublicProfileSchema = z.looseObject({
  user: UserSchema,
  streamdeck: z.looseObject({}),
  selected: SelectedSchema,
  preAccess: PreAccessSchema,
  favs: FavsSchema,
  twitch: z.looseObject({ user: TwitchUserSchema, stream: TwitchStreamSchema }),
});

export type PublicProfile = z.infer<typeof PublicProfileSchema>;
