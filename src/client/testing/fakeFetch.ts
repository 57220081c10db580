/** One request seen by a fake fetch. */
export interface FetchCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** The parsed JSON body, if any. */
  body: unknown;
  init: RequestInit;
}

export type FetchHandler = (call: FetchCall) => Response | Promise<Response>;

export interface FakeFetch {
  fetch: typeof globalThis.fetch;
  calls: FetchCall[];
  /** Replaces the handler for the next requests. */
  respond(handler: FetchHandler): void;
}

/** A fetch that records every call and answers with `handler`. */
export function fakeFetch(handler: FetchHandler = () => json(200, {})): FakeFetch {
  const calls: FetchCall[] = [];
  let current = handler;
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { url: String(input), method: init.method ?? 'GET', headers: { ...(init.headers as Record<string, string>) }, body, init };
    calls.push(call);
    return current(call);
  };
  return { fetch: fetch as typeof globalThis.fetch, calls, respond: (next) => (current = next) };
}

/** A JSON response. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** A request that never answers until its signal aborts (to test timeouts). */
export function hang(call: FetchCall): Promise<Response> {
  return new Promise((_resolve, reject) => {
    call.init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });
}

/** Echo of a PATCH body, as the reference server answers. */
export function echo(call: FetchCall): Response {
  return json(200, call.body);
}
