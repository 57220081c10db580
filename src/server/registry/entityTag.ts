import { createHash } from 'node:crypto';

/** A stored value with its entity tag, as `ETag` sends it (quoted). */
export interface Tagged<T> {
  value: T;
  etag: string;
}

/** The strong entity tag of a stored JSON text: its SHA-256, so equal content has one tag on every instance and store. */
export function entityTag(json: string): string {
  return `"${createHash('sha256').update(json).digest('base64url')}"`;
}

/**
 * Whether an `If-Match` header lets a write of the value tagged `etag` go on
 * (RFC 9110, 13.1.1): `*`, or a list naming it. A weak tag (`W/"..."`) never
 * matches, as the strong comparison requires.
 */
export function ifMatchAllows(header: string, etag: string): boolean {
  const trimmed = header.trim();
  if (trimmed === '*') return true;
  return trimmed.split(',').some((each) => each.trim() === etag);
}
