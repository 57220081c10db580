import * as z from 'zod/mini';

/** The flusher lease as stored: who holds it, until when (Unix ms). */
export interface Lease {
  holder: string;
  expiresAt: number;
}

const LeaseSchema = z.object({ holder: z.string(), expiresAt: z.number() });

/** A stored lease, or undefined for anything else (none yet, or a value that is not one). */
export function parseLease(stored: unknown): Lease | undefined {
  const parsed = LeaseSchema.safeParse(stored);
  return parsed.success ? parsed.data : undefined;
}
