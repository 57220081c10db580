import { type RunningApiServer, type StartApiServerOptions, startApiServer } from '../startApiServer.ts';
import { TEST_ENVELOPE, unwrapTestBody } from './testEnvelope.ts';
import { TEST_SEED } from './testSeed.ts';

export interface ApiAnswer {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the raw text when the body is not JSON; `undefined` when empty. */
  body: unknown;
}

export interface RequestOptions {
  token?: string;
  /** Sent as JSON text unless it is already a string or bytes. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** A real server on a loopback port with the test seed and a memory store (and the test envelope mode), plus a small request helper. */
export async function startTestServer(options: StartApiServerOptions = {}) {
  const server: RunningApiServer = await startApiServer({ seed: TEST_SEED, store: 'memory', envelope: TEST_ENVELOPE, ...options });
  const request = (method: string, path: string, init: RequestOptions = {}) => send(server.url, method, path, init);
  const write = (token: string, id: string, key: string, value: unknown) =>
    request('PATCH', '/me/database', { token, body: { id, key, value } });
  const read = (token: string, id: string, key: string) =>
    request('GET', `/me/database?${new URLSearchParams({ id, key })}`, { token });
  return { server, request, write, read };
}

/** One HTTP request against a base URL; in the test envelope mode, the body unwrapped after checking its envelope. */
export async function send(baseUrl: string, method: string, path: string, init: RequestOptions = {}): Promise<ApiAnswer> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token !== undefined) headers.Authorization ??= `Bearer ${init.token}`;
  let body: BodyInit | undefined;
  if (init.body !== undefined) {
    const raw = init.body;
    body = typeof raw === 'string' || raw instanceof Uint8Array ? (raw as BodyInit) : JSON.stringify(raw);
    headers['Content-Type'] ??= 'application/json';
  }
  const response = await fetch(baseUrl + path, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text === '' ? undefined : text;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    // Not JSON: keep the text, so a test can show what came back.
  }
  return { status: response.status, headers: response.headers, body: unwrapTestBody(response.status, baseUrl + path, parsed) };
}
