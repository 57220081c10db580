import type { IncomingMessage } from 'node:http';

/** What a handler reads of a request: the same from a web Request and from Node's message. */
export interface ApiRequest {
  /** The request target: an absolute URL, or a path and query (`/me/database?id=...`). */
  readonly url: string;
  /** A header (`name` in lower case) as `Headers.get` gives it: repeats joined by ", ". */
  header(name: string): string | null;
  /** The body to read: Node's message while it is unread and alive, else a web stream; null when there is none. */
  body(): IncomingMessage | ReadableStream<Uint8Array> | null;
  /** The client's address as the socket saw it, for rate limits; undefined when unknown. */
  readonly address?: string;
}

/**
 * A web Request. When Node's server is behind it (the adapter's `env.incoming`),
 * headers and body are read from Node's message: the adapter would build a whole
 * `Headers` and a web stream around it for each request.
 */
export function fromWebRequest(request: Request, env?: unknown): ApiRequest {
  const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming && typeof incoming.on === 'function') return fromIncoming(incoming, request.url, () => request.body);
  const address = (env as { clientAddress?: string } | undefined)?.clientAddress;
  return { url: request.url, header: (name) => request.headers.get(name), body: () => request.body, address };
}

/** Node's message; `otherBody` is read instead once the message's own stream was touched or is gone. */
export function fromIncoming(
  incoming: IncomingMessage,
  url = incoming.url ?? '/',
  otherBody: () => ReadableStream<Uint8Array> | null = noBody,
): ApiRequest {
  return new IncomingRequest(incoming, url, otherBody);
}

const noBody = () => null;

/** A class rather than an object of closures: one is made for every request on the hot path. */
class IncomingRequest implements ApiRequest {
  readonly address: string | undefined;

  constructor(
    private readonly incoming: IncomingMessage,
    readonly url: string,
    private readonly otherBody: () => ReadableStream<Uint8Array> | null,
  ) {
    this.address = incoming.socket?.remoteAddress;
  }

  header(name: string): string | null {
    return rawHeader(this.incoming.rawHeaders, name);
  }

  body(): IncomingMessage | ReadableStream<Uint8Array> | null {
    const { incoming } = this;
    // Untouched (flowing state still null) and alive: bytes already buffered come with the first 'data'.
    return incoming.readableFlowing === null && !incoming.readableEnded && !incoming.destroyed ? incoming : this.otherBody();
  }
}

function rawHeader(raw: string[], name: string): string | null {
  let value: string | null = null;
  for (let i = 0; i < raw.length; i += 2) {
    const each = raw[i]!;
    if (each.length === name.length && each.toLowerCase() === name) value = value === null ? raw[i + 1]! : `${value}, ${raw[i + 1]}`;
  }
  return value;
}
