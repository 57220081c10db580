import { type Json, jsonByteLength, OverlayError } from '../api/index.ts';

/**
 * Parses the JSON text of a written value and applies the value limit (UTF-8
 * bytes of its canonical JSON, as the API measures it). Throws OverlayError.
 */
export function decodeJsonValue(text: string, maxBytes: number): Json {
  // Each UTF-16 unit of JSON text is at least one UTF-8 byte: refuse long texts unparsed.
  if (text.length > maxBytes) throw tooLarge(maxBytes);
  let value: Json;
  let bytes: number;
  try {
    value = JSON.parse(text) as Json;
    bytes = jsonByteLength(value);
  } catch {
    // Invalid JSON, or nesting too deep for the engine's stack.
    throw new OverlayError('BAD_REQUEST', 'value must be JSON');
  }
  if (bytes > maxBytes) throw tooLarge(maxBytes);
  return value;
}

function tooLarge(maxBytes: number): OverlayError {
  return new OverlayError('TOO_LARGE', `value: its JSON must be at most ${maxBytes} bytes`);
}
