/**
 * Milliseconds to wait according to a `Retry-After` header: delay-seconds
 * (`120`) or an HTTP date (`Wed, 21 Oct 2015 07:28:00 GMT`, measured against
 * `now`). Anything else (empty, negative, fractions, garbage) gives null.
 */
export function parseRetryAfter(header: string | null | undefined, now: number): number | null {
  const text = header?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Date.parse also reads bare numbers ("1.5", "-5") as dates: an HTTP date always names a day or month.
  if (!/[A-Za-z]{3}/.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
