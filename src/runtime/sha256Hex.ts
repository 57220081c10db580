// First 32 bits of the fractional parts of the square roots (H0) and cube roots (K)
// of the first primes (FIPS 180-4). Computed, not listed: the tests compare the
// result with node:crypto.
const H0: number[] = [];
const K: number[] = [];
for (let n = 2; K.length < 64; n++) {
  if (!isPrime(n)) continue;
  if (H0.length < 8) H0.push(fraction32(n ** (1 / 2)));
  K.push(fraction32(n ** (1 / 3)));
}

/**
 * SHA-256 of a text's UTF-8 bytes, as hex. Synchronous, because a module's site
 * is derived while the page lays out its frames, and `crypto.subtle` is both
 * asynchronous and missing on pages served over plain http from a real domain.
 */
export function sha256Hex(text: string): string {
  const bytes = new TextEncoder().encode(text);
  const padded = new Uint8Array(((bytes.length + 72) >> 6) << 6);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bytes.length / 2 ** 29));
  view.setUint32(padded.length - 4, (bytes.length * 8) >>> 0);
  const state = [...H0];
  const words = new Uint32Array(64);
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let i = 0; i < 16; i++) words[i] = view.getUint32(offset + i * 4);
    compress(state, words);
  }
  return state.map((word) => (word >>> 0).toString(16).padStart(8, '0')).join('');
}

/** One 64-byte block: the message schedule, then the 64 rounds, added into `state`. */
function compress(state: number[], w: Uint32Array): void {
  for (let i = 16; i < 64; i++) {
    const s0 = rotr(w[i - 15]!, 7) ^ rotr(w[i - 15]!, 18) ^ (w[i - 15]! >>> 3);
    const s1 = rotr(w[i - 2]!, 17) ^ rotr(w[i - 2]!, 19) ^ (w[i - 2]! >>> 10);
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
  }
  let [a, b, c, d, e, f, g, h] = state as [number, number, number, number, number, number, number, number];
  for (let i = 0; i < 64; i++) {
    const t1 = (h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0;
    const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    [h, g, f, e, d, c, b, a] = [g, f, e, (d + t1) | 0, c, b, a, (t1 + t2) | 0];
  }
  [a, b, c, d, e, f, g, h].forEach((value, i) => {
    state[i] = (state[i]! + value) | 0;
  });
}

function rotr(x: number, n: number): number {
  return (x >>> n) | (x << (32 - n));
}

function fraction32(x: number): number {
  return ((x - Math.floor(x)) * 2 ** 32) >>> 0;
}

function isPrime(n: number): boolean {
  for (let d = 2; d * d <= n; d++) if (n % d === 0) return false;
  return true;
}
