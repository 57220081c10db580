import * as z from 'zod/mini';

/** Every error body of the API; `code` equals the HTTP status. */
export const ErrorBodySchema = z.object({ code: z.int(), message: z.string() });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** The exact 401 texts of the contract. */
export const AUTH_MESSAGES = {
  missing: 'Authorization has failed - no Bearer token provided',
  invalid: 'Authorization has failed - invalid Bearer token',
} as const;
