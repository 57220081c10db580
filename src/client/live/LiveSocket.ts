import { type Clock, LIVE_PATH } from '../../api/index.ts';

/** The part of a browser WebSocket the live connection uses, so tests hand in their own. */
export interface LiveSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

/** Opens a socket to `url`; throws where WebSockets are missing. */
export type OpenSocket = (url: string) => LiveSocket;

export const openWebSocket: OpenSocket = (url) => {
  if (typeof WebSocket !== 'function') throw new Error('WebSocket is not available');
  return new WebSocket(url) as unknown as LiveSocket;
};

/**
 * The status of a plain GET of the endpoint: 426 where it exists, 404 where it
 * does not (the hosted service). A browser WebSocket that fails says nothing of
 * why, so this is how the page tells "no endpoint" from "no network".
 */
export type ProbeEndpoint = (url: string) => Promise<number>;

export const probeWithFetch: ProbeEndpoint = async (url) => {
  const response = await fetch(url, { cache: 'no-store', credentials: 'omit', referrerPolicy: 'no-referrer' });
  await response.body?.cancel();
  return response.status;
};

/**
 * The probe's answer, or a rejection once `ms` passed without one: a server (or
 * proxy) that takes the GET and never answers must not leave the page waiting
 * for good, with no socket and no retry (it counts as no network).
 */
export function probeWithin(probe: ProbeEndpoint, url: string, clock: Clock, ms: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = clock.setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    probe(url).then(
      (status) => {
        clock.clearTimeout(timer);
        resolve(status);
      },
      (error: unknown) => {
        clock.clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** `ws://` or `wss://` address of the endpoint under an API base (absolute, or relative to the page). */
export function liveAddress(baseUrl: string, pageUrl = globalThis.location?.href): { http: string; ws: string } {
  const http = new URL(`${baseUrl.replace(/\/+$/, '')}${LIVE_PATH}`, pageUrl);
  const ws = new URL(http);
  ws.protocol = http.protocol === 'https:' ? 'wss:' : 'ws:';
  return { http: http.href, ws: ws.href };
}
