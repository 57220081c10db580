import { isIP } from 'node:net';

/**
 * What `clientAddress` reads of a request: Node's message (its socket and
 * headers), or the API's own request (its socket address and `header(name)`).
 */
export type AddressedRequest =
  | { readonly socket?: { readonly remoteAddress?: string | undefined } | null; readonly headers: Readonly<Record<string, string | string[] | undefined>> }
  | { readonly address?: string | undefined; header(name: string): string | null };

/**
 * The address a per-address budget counts a request against (failed exchanges,
 * pending live sockets, sign-ups); key it with `addressKey`. With `trustProxy`
 * 0 it is the socket's peer and `X-Forwarded-For` changes nothing. With n, the
 * request came through n proxies of the deployment, each of which appended the
 * address it saw: the client is the n-th entry from the right of the header
 * (the socket's peer counting as entry 0). Entries further left were written by
 * the client and are never read. A header shorter than n, or an entry that is
 * not an IP address, stops the count at the last address a trusted proxy wrote.
 */
export function clientAddress(request: AddressedRequest, trustProxy: number): string {
  const peer = ('header' in request ? request.address : request.socket?.remoteAddress) ?? 'unknown';
  if (trustProxy <= 0) return peer;
  const forwarded = 'header' in request ? request.header('x-forwarded-for') : joined(request.headers['x-forwarded-for']);
  if (!forwarded) return peer;
  const hops = forwarded.split(',');
  let address = peer;
  for (let i = 0; i < trustProxy && i < hops.length; i++) {
    const entry = bareAddress(hops[hops.length - 1 - i]!);
    if (entry === undefined) break;
    address = entry;
  }
  return address;
}

function joined(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** One entry of the header as an IP address (a proxy may add a port: `192.0.2.1:5000`, `[2001:db8::1]:5000`); undefined when it is none. */
function bareAddress(entry: string): string | undefined {
  const text = entry.trim();
  if (isIP(text)) return text;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed && isIP(bracketed[1]!) === 6) return bracketed[1];
  const withPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(text);
  if (withPort && isIP(withPort[1]!) === 4) return withPort[1];
  return undefined;
}
