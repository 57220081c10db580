import { createHmac, timingSafeEqual } from 'node:crypto';

/** Twitch refuses to deliver messages older than this, and so do we (a replayed capture is older). */
export const WEBHOOK_MAX_AGE_MS = 10 * 60_000;

/**
 * EventSub's webhook signature: `sha256=` + HMAC-SHA256 (secret) of message id
 * + timestamp + raw body, compared in constant time.
 */
export function verifyEventSubSignature(secret: string, messageId: string, timestamp: string, body: string, signature: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(messageId + timestamp + body).digest('hex')}`);
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** True when the message's timestamp is within ten minutes of now (either way: a clock ahead is as suspect). */
export function isFreshTimestamp(timestamp: string, now: number): boolean {
  const at = Date.parse(timestamp);
  return Number.isFinite(at) && Math.abs(now - at) <= WEBHOOK_MAX_AGE_MS;
}
