/** Default limits of the contract; each is configurable on the server. */
export const LIMITS = {
  /** UTF-8 bytes of `JSON.stringify(value)` allowed for one stored value. */
  valueBytes: 64 * 1024,
  /** Bytes of one request body. */
  bodyBytes: 1024 * 1024,
  /** Module id length, in characters. */
  moduleIdLength: 128,
  /** Key name length, in UTF-16 code units. */
  nameLength: 256,
} as const;

const encoder = new TextEncoder();

/** UTF-8 byte length of a value's JSON text, the measure of the value limit. */
export function jsonByteLength(value: unknown): number {
  return encoder.encode(JSON.stringify(value)).byteLength;
}
