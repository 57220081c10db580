// Apart from pageAddresses.ts: the overlay page uses this alone, and a module it shares with the
// home page brings along whatever the home page uses of it (src/vite/overlaySharedChunk.ts).

/** The API's base URL from `api=`: an http(s) URL without its trailing slash, else null. */
export function parseApiBase(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.href.replace(/\/+$/, '');
  } catch {
    return null;
  }
}
