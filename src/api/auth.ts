import * as z from 'zod/mini';
import { KindSchema } from './kind.ts';

/** Body of `POST /auth/overlay`. */
export const OverlayExchangeSchema = z.object({ overlay: z.string().check(z.minLength(1)) });

/** Response of `POST /auth/overlay`: the overlay-generated token. */
export const OverlayTokenSchema = z.object({
  token: z.string(),
  overlay: KindSchema,
  expiresAt: z.nullable(z.string()),
});
export type OverlayToken = z.infer<typeof OverlayTokenSchema>;

/** `streamdeck`: the profile's `streamdeck.token`, which may post events and nothing else (events.md). */
export const TokenContextSchema = z.enum(['overlay', 'website', 'streamdeck']);
export type TokenContext = z.infer<typeof TokenContextSchema>;

/** Response of `GET /auth/validate`; `overlay` only for overlay tokens. */
export const ValidateSchema = z.object({
  context: TokenContextSchema,
  overlay: z.optional(KindSchema),
  userId: z.string(),
  userName: z.string(),
  expiresAt: z.nullable(z.string()),
});
export type Validation = z.infer<typeof ValidateSchema>;
