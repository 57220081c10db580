import { OverlayError } from '../api/OverlayError.ts';

/**
 * The JSON text of a value to write, checked up front: only null, booleans,
 * finite numbers, strings, arrays and plain objects (a value that would not
 * round-trip is BAD_REQUEST), at most `maxBytes` UTF-8 bytes (TOO_LARGE).
 */
export function encodeJson(value: unknown, maxBytes: number): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value, onlyJson);
  } catch {
    text = undefined; // a cycle, a BigInt, or a value refused by onlyJson
  }
  if (text === undefined) {
    throw new OverlayError('BAD_REQUEST', 'value must be JSON: null, boolean, finite number, string, array or plain object');
  }
  if (utf8Length(text) > maxBytes) {
    throw new OverlayError('TOO_LARGE', `value: its JSON must be at most ${maxBytes} bytes`);
  }
  return text;
}

function onlyJson(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const raw = this[key];
  // `raw !== value` means a toJSON method replaced it (a Date, say): it would not round-trip.
  if (raw !== value || !isJsonNode(raw)) throw new TypeError('not JSON');
  return value;
}

function isJsonNode(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** UTF-8 length of well-formed text (JSON.stringify escapes lone surrogates). */
function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) i += 1; // a pair: 4 bytes for 2 units
    bytes += unit < 0x80 ? 0 : unit < 0x800 ? 1 : 2;
  }
  return bytes;
}
