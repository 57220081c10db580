import { createApiSender, type ApiSenderOptions } from './createApiSender.ts';
import { createMediaClient, type MediaClient } from './createMediaClient.ts';
import { createLayoutCalls, type LayoutCalls } from './layoutCalls.ts';
import { createProfileCalls, type ProfileCalls } from './profileCalls.ts';
import { createSessionCalls, type SessionCalls } from './sessionCalls.ts';
import { createTwitchCalls, type TwitchCalls } from './twitchCalls.ts';

/** What the API root (`GET /`, as JSON) tells a page: how a streamer signs up, and the routes it serves. */
export interface ApiRoot {
  /** `twitch` when the server offers "Sign in with Twitch", else null. */
  signup: string | null;
  /** The routes the root lists, as `METHOD /path`. */
  routes: ReadonlySet<string>;
}

/**
 * The calls of the pages a streamer signs in to with the website token (the
 * home page): grouped by concern, each group in its own file, all over one
 * sender. Apart from `ApiClient`, so that the overlay page does not carry them.
 */
export interface WebsiteClient {
  readonly baseUrl: string;
  readonly profile: ProfileCalls;
  readonly layout: LayoutCalls;
  readonly twitch: TwitchCalls;
  readonly sessions: SessionCalls;
  readonly media: MediaClient;
  /** `GET /` without a token; rejects when the API cannot be reached. */
  root(): Promise<ApiRoot>;
}

/** Creates the website client; the token is asked for before every call (it may change on sign-in). */
export function createWebsiteClient(options: ApiSenderOptions): WebsiteClient {
  const sender = createApiSender(options);
  const getToken = options.getToken;
  return {
    baseUrl: sender.baseUrl,
    profile: createProfileCalls(sender),
    layout: createLayoutCalls(sender),
    twitch: createTwitchCalls(sender),
    sessions: createSessionCalls(sender),
    media: createMediaClient({ api: { baseUrl: sender.baseUrl, currentToken: getToken }, ...(options.fetch && { fetch: options.fetch }) }),
    async root() {
      const answer = await sender.send('GET', '/', { auth: false });
      const root = answer.status === 200 ? (answer.body as { signup?: unknown; endpoints?: unknown } | undefined) : undefined;
      return { signup: typeof root?.signup === 'string' ? root.signup : null, routes: routesOf(root?.endpoints) };
    },
  };
}

/** `METHOD /path` of each route the API root lists. */
function routesOf(endpoints: unknown): ReadonlySet<string> {
  if (!Array.isArray(endpoints)) return new Set();
  return new Set(endpoints.flatMap((route: { method?: unknown; path?: unknown } | null) => (typeof route?.method === 'string' && typeof route.path === 'string' ? [`${route.method} ${route.path}`] : [])));
}
