import * as z from 'zod/mini';

/** The four overlay kinds; each has its own overlay id, token and data space. */
export const KINDS = ['game', 'tool', 'background', 'event'] as const;
export const KindSchema = z.enum(KINDS);
export type Kind = z.infer<typeof KindSchema>;

/** Narrows an arbitrary string to a Kind. */
export function isKind(value: unknown): value is Kind {
  return typeof value === 'string' && (KINDS as readonly string[]).includes(value);
}
