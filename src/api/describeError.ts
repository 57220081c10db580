import { OverlayError } from './OverlayError.ts';

/** One line for a person: `CODE: message` for our errors, the message otherwise. */
export function describeError(error: unknown): string {
  if (error instanceof OverlayError) return `${error.code}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
