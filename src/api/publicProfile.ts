import type * as z from 'zod/mini';
import { type Profile, type PublicProfile, PublicProfileSchema } from './profile.ts';

/**
 * The profile a module may see, built from an allow-list: exactly the members
 * of spec 2.2 that are not credentials (the shape of `PublicProfileSchema`),
 * wherever they are present. Everything else is left out: the `overlays` ids
 * (an overlay id can be exchanged for a token), `streamdeck.token`, and any
 * member beyond the spec, so that a credential added to profiles later never
 * reaches a module by default. The input is not modified.
 */
export function toPublicProfile(profile: Profile): PublicProfile {
  return pickAllowed(profile, PublicProfileSchema) as PublicProfile;
}

/** Copies the members `schema` names, recursing into object schemas; other values are copied whole. */
function pickAllowed(value: unknown, schema: z.ZodMiniType): unknown {
  const def = schema._zod.def as { type: string; shape?: Record<string, z.ZodMiniType> };
  if (def.type !== 'object' || !def.shape) return structuredClone(value);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return structuredClone(value);
  const picked: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(def.shape)) {
    if (Object.hasOwn(value, name)) picked[name] = pickAllowed((value as Record<string, unknown>)[name], member);
  }
  return picked;
}

export type { PublicProfile } from './profile.ts';
