/**
 * A hex digest of `text`, to key local data by a secret (an overlay id or a
 * token) without storing the secret. SHA-256 where `crypto.subtle` exists; on
 * non-secure origins (no `crypto.subtle`, or `subtle` null) two 53-bit string hashes, which are
 * not reversible either and never mix with the former (other prefix).
 */
export async function hashIdentity(text: string, subtle: SubtleCrypto | null = globalThis.crypto?.subtle ?? null): Promise<string> {
  if (subtle) {
    const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
    return `sha256:${[...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
  }
  return `c53:${cyrb53(text, 1).toString(16)}${cyrb53(text, 2).toString(16)}`;
}

/** cyrb53 (public domain): a fast 53-bit string hash. */
function cyrb53(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
