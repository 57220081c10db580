import { SERVER_DOCS, SERVER_NAME, SERVER_VERSION } from '../../serverInfo.ts';
import type { DataStore } from '../../store/index.ts';
import type { TwitchStateLine } from '../../twitch/index.ts';
import { type Answer, jsonAnswer } from '../Answer.ts';
import { errorAnswer, HttpError } from '../HttpError.ts';
import type { ApiRequest } from '../ApiRequest.ts';
import { CORS_HEADERS } from '../cors.ts';

/**
 * Who may call an endpoint: anyone, any valid token (the Stream Deck token included), a website or
 * overlay token, an overlay-generated token only, or a website token only (the profile's writes).
 */
export type TokenNeeded = 'none' | 'any' | 'user' | 'overlay' | 'website';

/** One line of the root's endpoint list. */
export interface EndpointInfo {
  method: string;
  path: string;
  token: TokenNeeded;
}

export interface AboutDeps {
  store: DataStore;
  endpoints: readonly EndpointInfo[];
  /** A store that has not answered the health probe by then counts as down. @default 2000 */
  healthTimeoutMs?: number;
  /** Each streamer's Twitch connection (`twitch` on the root); absent when the API runs without a Twitch client id. */
  twitchStates?: () => Promise<readonly TwitchStateLine[]>;
  /** `--signup twitch`: the root says `"signup": "twitch"`, so the home page offers "Sign in with Twitch". */
  signup?: 'twitch';
}

/**
 * `GET /`: what this server is, for a newcomer who opens the printed address:
 * name, version, endpoints, store kind (never its address) and where the docs
 * are. A browser (`Accept: text/html`) gets a small page, anything else JSON.
 */
export function describeApi({ store, endpoints, twitchStates, signup }: AboutDeps) {
  const about = { name: SERVER_NAME, version: SERVER_VERSION, store: store.kind ?? 'custom', endpoints, docs: SERVER_DOCS, ...(signup && { signup }) };
  const json = JSON.stringify(about);
  const html = renderAbout(about);
  return async (request: ApiRequest): Promise<Answer> => {
    // The Twitch states change while the server runs (a refused refresh): read them per request.
    const twitch = twitchStates && (await twitchStates().catch(() => []));
    if (!wantsHtml(request.header('accept'))) return jsonAnswer(200, twitch ? JSON.stringify({ ...about, twitch }) : json, { Vary: 'Accept' });
    const body = twitch ? html.replace('</body>', `${renderTwitch(twitch)}</body>`) : html;
    return { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8', Vary: 'Accept', ...CORS_HEADERS }, body };
  };
}

function renderTwitch(states: readonly TwitchStateLine[]): string {
  const lines = states.map((s) => `<li>user ${escapeHtml(s.userId)} (Twitch ${escapeHtml(s.login)}): ${escapeHtml(s.state)}</li>`);
  return `<p>Twitch:</p><ul>${lines.join('') || '<li>no streamer logged in (npm run twitch-login)</li>'}</ul>\n`;
}

/** `GET /healthz`, for load balancers: 200 when the store answers a read in time, 503 when it does not. No token. */
export function checkHealth({ store, healthTimeoutMs = 2000 }: AboutDeps) {
  const body = JSON.stringify({ status: 'ok', store: store.kind ?? 'custom' });
  // An address no client can write to (module ids never start with "."): the probe reads, never finds.
  const probe = { userId: '', kind: 'tool', moduleId: '.healthz', name: 'probe' } as const;
  return async (): Promise<Answer> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), healthTimeoutMs);
    });
    try {
      await Promise.race([store.get(probe), late]);
      return jsonAnswer(200, body, { 'Cache-Control': 'no-store' });
    } catch {
      return errorAnswer(new HttpError(503, 'Service unavailable - the data store does not answer', { 'Retry-After': '1', 'Cache-Control': 'no-store' }));
    } finally {
      clearTimeout(timer);
    }
  };
}

/** True when the client lists text/html before (or instead of) JSON, as browsers do. */
function wantsHtml(accept: string | null): boolean {
  const types = (accept ?? '').split(',').map((part) => part.split(';')[0]!.trim().toLowerCase());
  const html = types.indexOf('text/html');
  const json = types.indexOf('application/json');
  return html !== -1 && (json === -1 || html < json);
}

interface About {
  name: string;
  version: string;
  store: string;
  endpoints: readonly EndpointInfo[];
  docs: readonly string[];
}

const TOKEN_TEXT: Record<TokenNeeded, string> = { none: 'none', any: 'any valid token', user: 'website or overlay token', overlay: 'overlay token', website: 'website token' };

function renderAbout({ name, version, store, endpoints, docs }: About): string {
  const rows = endpoints.map((e) => `<tr><td>${e.method}</td><td><code>${escapeHtml(e.path)}</code></td><td>${TOKEN_TEXT[e.token]}</td></tr>`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(name)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem}td,th{padding:.2rem .8rem .2rem 0;text-align:left}</style></head>
<body><h1>${escapeHtml(name)} ${escapeHtml(version)}</h1>
<p>This is the API of the overlay runtime. Paths below are relative to this address; send the token as <code>Authorization: Bearer &lt;token&gt;</code>.</p>
<table><thead><tr><th>method</th><th>path</th><th>token</th></tr></thead><tbody>${rows.join('')}</tbody></table>
<p>Store: ${escapeHtml(store)}</p>
<p>Docs: ${docs.map((doc) => `<code>${escapeHtml(doc)}</code>`).join(', ')} in the project's sources.</p>
</body></html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
