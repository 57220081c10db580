import { Hono } from 'hono';
import { LIVE_PATH, SESSIONS_PATH, SIGN_IN_CALLBACK_PATH, SIGN_IN_PATH, TWITCH_LOGIN_PATH, TWITCH_STATE_PATH } from '../../api/index.ts';
import type { AlertControl } from '../alerts/index.ts';
import type { ModuleCatalog } from '../modules/index.ts';
import type { Registry } from '../registry/index.ts';
import { type EventRate, type Events, resolveEventRate } from '../events/index.ts';
import { clientAddress, createExchangeGuard, type RateCounter } from '../limits/index.ts';
import type { DataStore } from '../store/index.ts';
import { type AboutDeps, checkHealth, describeApi } from './about/aboutRoutes.ts';
import { alertRoutes } from './alerts/alertRoutes.ts';
import { exchangeOverlayId, readProfile, validateToken } from './account/accountRoutes.ts';
import { answerResponse } from './Answer.ts';
import { requestPathGuard } from './checkRequestPath.ts';
import { HttpError } from './HttpError.ts';
import { fromWebRequest } from './ApiRequest.ts';
import { type ApiLimits, resolveLimits } from './ApiLimits.ts';
import { withCors } from './cors.ts';
import { databaseRoutes } from './database/databaseRoutes.ts';
import { devRouteGuard } from './dev/devRoutes.ts';
import { eventRoutes } from './events/eventRoutes.ts';
import { type Route, routeGuard } from './routeTable.ts';
import { guardRoute } from './auth/guardRoute.ts';
import { bareAnswers, type EnvelopeOptions, envelopeAnswers, type ShapeAnswer } from './shapeAnswer.ts';
import { toErrorAnswer } from './toErrorResponse.ts';
import { readTwitchState } from './twitch/readTwitchState.ts';
import { forgetTwitchLogin, startTwitchLogin } from './twitch/twitchLoginRoutes.ts';
import type { TwitchLoginControl } from '../twitch/index.ts';
import { listSessions, logout, revokeSession } from './sessions/sessionRoutes.ts';
import { beginSignIn, finishSignIn } from './signin/signInRoutes.ts';
import { limitSignInStarts } from './signin/limitSignInStarts.ts';
import type { SignUpSettings, TwitchSignIn } from '../signin/index.ts';
import type { ApiRequest } from './ApiRequest.ts';
import type { WebsiteSessions } from '../sessions/index.ts';
import { type MediaLimits, type MediaStore, resolveMediaLimits } from '../media/index.ts';
import { mediaRoutes } from './media/mediaRoutes.ts';
import { putFavs, putLayout, putSelected, readLayout, rotateOverlay, rotateStreamdeck } from './profile/profileRoutes.ts';

/**
 * The app's options: the services it serves, built outside it (`composeApi`'s `services` hold them all), and its own
 * settings. The app builds no store, session, counter or log of its own: it assembles the routes, the guard and the
 * shape of the answers around what it is given.
 */
export interface ApiAppOptions {
  /** Users and tokens; it must resolve the website tokens of `sessions` (`withSessions`), as composeApi's does. */
  registry: Registry;
  /** Where values live. The app never closes it. */
  store: DataStore;
  /** The stream events (`openEvents(store)`), shared with the live endpoint so that sockets hear them. */
  events: Events;
  /** The website tokens of signed-in streamers (`POST /auth/logout`, `/me/sessions`). */
  sessions: WebsiteSessions;
  /** The request budgets (exchange guesses, sign-in starts): `rateCounterFor(store)`, shared by every instance on Redis. */
  counter: RateCounter;
  /** The alert commands over the streamers' alert state, their news told to live sockets (`createAlertControl`). */
  alertControl: AlertControl;
  /** The media library (`/me/media`, `/media/<id>`: docs/server.md, The media library). */
  media: MediaOptions;
  /** Size limits. @default 64 KiB per value, 1 MiB per body */
  limits?: Partial<ApiLimits>;
  /** Receives errors that are not the client's fault (answered 500). @default console.error */
  onInternalError?: (error: unknown) => void;
  /** Serves the studio's `GET /dev/database` and `PUT /dev/profile` (development servers only). @default false */
  devRoutes?: boolean;
  /** The live endpoint is attached to the server's upgrades: its path answers a plain GET with 426. @default false */
  live?: boolean;
  /**
   * Wraps the bodies as the hosted service does (`{meta, data}` / `{meta, error}`),
   * for modules written against its SDK; `true` or the envelope's options. @default false
   */
  envelope?: boolean | EnvelopeOptions;
  /** Origins whose pages may call the developer routes; other pages get 403. @default [] (none) */
  devOrigins?: readonly string[];
  /** Current time in ms, for the media library's dates. @default Date.now */
  now?: () => number;
  /** Each streamer's Twitch connection, shown by `GET /`, and to each user alone by `GET /me/twitch` (the API runs with a Twitch client id). */
  twitchStates?: AboutDeps['twitchStates'];
  /** Answers `POST /twitch/eventsub` (EventSub's webhook transport); it verifies the request itself. */
  twitchWebhook?: (request: Request) => Promise<Response>;
  /** The per-user rate of `POST /me/events` (`--max-events-per-second`, `--event-burst`). @default 100 per s, bursts of 1,000 */
  eventRate?: Partial<EventRate>;
  /** `POST /me/twitch/login` and `DELETE /me/twitch` (the Twitch link); absent without a Twitch client id: 409. */
  twitchLogin?: TwitchLoginControl;
  /** `--signup twitch`: `GET /auth/twitch` and its callback create and sign in accounts (built by composeApi). */
  signIn?: TwitchSignIn;
  /** Proxies in front of the server whose `X-Forwarded-For` entries name the client of each per-address budget (`clientAddress`). @default 0 */
  trustProxy?: number;
  /** The installed modules (`--modules <folder>`): profile writes refuse other ids. @default none: only the form of ids is checked */
  modules?: ModuleCatalog;
  /** The path the API is served under (`/api` with npm start and npm run dev): media URLs carry it. @default '' */
  apiPath?: string;
}

/** The media library's store, limits, and the base of its URLs. */
export interface MediaOptions {
  /** Where the files live (`openMediaStore(store)`). The app never closes it. */
  store: MediaStore;
  /** `--media-file-mb`, `--media-quota-mb`. @default 25 MiB per file, 250 MiB per streamer */
  limits?: Partial<MediaLimits>;
  /** `--public-url`: the base of the files' URLs. @default the origin each request came to */
  publicUrl?: string;
  /** A new media id. @default 144 random bits */
  newId?: () => string;
}

/** Where Twitch posts EventSub webhook messages (under /api with npm start). */
export const TWITCH_WEBHOOK_PATH = '/twitch/eventsub';

/** Paths answered in the server's own shape even with the envelope: not the hosted service's endpoints. */
const OWN_PATHS = new Set(['/', '/healthz', '/dev/database', '/dev/profile', LIVE_PATH, SIGN_IN_PATH, SIGN_IN_CALLBACK_PATH]);

/**
 * The whole API as a Hono app. Its `fetch` is a web-standard handler that serves
 * the paths at its root, so it can be mounted under a prefix by stripping it.
 */
export function createApiApp(options: ApiAppOptions): Hono {
  const { registry, store, sessions, counter, limits, onInternalError = console.error, devRoutes = false, devOrigins, live = false, envelope = false } = options;
  const resolved = resolveLimits(limits);
  const deps = { registry, store, limits: resolved, exchangeGuard: createExchangeGuard(counter, resolved), trustProxy: options.trustProxy ?? 0 };
  const eventDeps = eventDepsOf(options, resolved);
  const routes: Route[] = [
    { method: 'GET', path: '/me', token: 'user', handler: readProfile(deps) },
    ...databaseRoutes(deps),
    { method: 'GET', path: '/auth/validate', token: 'any', handler: validateToken(deps) },
    { method: 'POST', path: '/auth/overlay', token: 'none', handler: exchangeOverlayId(deps) },
    ...eventRoutes(eventDeps),
    ...profileRoutes({ ...deps, modules: options.modules }),
    ...alertRoutes({ limits: resolved, control: options.alertControl }),
    ...mediaRoutes(mediaDepsOf(options)),
  ];
  // The live endpoint's token comes in its first message; a plain GET is answered 426 whoever asks.
  if (live) routes.push({ method: 'GET', path: LIVE_PATH, token: 'overlay', tokenInFirstMessage: true, handler: upgradeRequired });
  // Without a Twitch client id it answers 404 (a dock shows no Twitch line then); a path with no route at all would fail
  // the browser's CORS preflight, a network error the dock could not tell from being offline.
  const twitchDeps = { twitchStates: options.twitchStates, twitchLogin: options.twitchLogin };
  routes.push(
    { method: 'GET', path: TWITCH_STATE_PATH, token: 'user', handler: readTwitchState(twitchDeps) },
    { method: 'DELETE', path: TWITCH_STATE_PATH, token: 'website', refusal: 'account', handler: forgetTwitchLogin(twitchDeps) },
    { method: 'POST', path: TWITCH_LOGIN_PATH, token: 'website', refusal: 'account', handler: startTwitchLogin(twitchDeps) },
    ...sessionRoutes({ sessions }),
    ...signInRoutes(options, counter),
  );
  // The root lists a parameter as the docs write it: `/me/events/<id>/replay`.
  const listed = routes.map(({ method, path, token }) => ({ method, path: path.replace(/:(\w+)/g, '<$1>'), token }));
  const about = { store, endpoints: [...listed, { method: 'GET', path: '/healthz', token: 'none' as const }], twitchStates: options.twitchStates, signup: options.signIn && ('twitch' as const) };
  routes.push({ method: 'GET', path: '/', token: 'none', handler: describeApi(about) }, { method: 'GET', path: '/healthz', token: 'none', handler: checkHealth(about) });
  const shape = answerShape(envelope);
  const shaped: ShapeAnswer = (answer, path) => (OWN_PATHS.has(path) ? answer : shape(answer, path));
  const app = new Hono();
  // First, so that it also sees the answers of onError for everything below.
  app.use('*', async (c, next) => {
    await next();
    const answer = withCors(c.res);
    if (answer !== c.res) c.res = answer;
  });
  // Before anything reads the path: a malformed one is a 400, never a decoding error deep in a handler.
  app.use('*', requestPathGuard());
  if (devRoutes) app.use('*', devRouteGuard({ ...deps, origins: devOrigins }));
  // Before the route guard: Twitch signs the raw body, sends no token, and wants its own answers (a plain-text challenge).
  const { twitchWebhook } = options;
  if (twitchWebhook) app.post(TWITCH_WEBHOOK_PATH, (c) => twitchWebhook(c.req.raw));
  app.use('*', routeGuard(routes));
  for (const route of routes) {
    const { method, path } = route;
    // A path with a parameter (`/me/events/:id/replay`) is named in `meta.path` as it was requested.
    const pathOf = path.includes('/:') ? (url: string) => new URL(url).pathname : () => path;
    // The table's token kind, enforced before the handler runs: handlers check no token themselves.
    const handler = guardRoute(route, registry);
    app.on(method, path, async (c) => answerResponse(shaped(await handler(fromWebRequest(c.req.raw, c.env)), pathOf(c.req.url))));
  }
  const errorResponse = (error: unknown, url: string) => answerResponse(shaped(toErrorAnswer(error, onInternalError), new URL(url).pathname));
  // Unreachable behind routeGuard; kept so that no path can answer Hono's plain-text 404.
  app.notFound((c) => errorResponse(new HttpError(404, 'Not found'), c.req.url));
  app.onError((error, c) => errorResponse(error, c.req.url));
  return app;
}

/** Signing out and the user's list of signed-in website tokens. */
function sessionRoutes(deps: { sessions: WebsiteSessions }): Route[] {
  return [
    { method: 'POST', path: '/auth/logout', token: 'website', refusal: 'account', handler: logout(deps) },
    { method: 'GET', path: SESSIONS_PATH, token: 'website', refusal: 'account', handler: listSessions(deps) },
    { method: 'DELETE', path: `${SESSIONS_PATH}/:id`, token: 'website', refusal: 'account', handler: revokeSession(deps) },
  ];
}

/** `GET /auth/twitch` and its callback, with `--signup twitch` only. */
function signInRoutes(options: ApiAppOptions, counter: RateCounter): Route[] {
  const { signIn } = options;
  if (!signIn) return [];
  const signup = signIn.settings;
  const trustProxy = options.trustProxy ?? 0;
  const signInDeps = { signIn, publicUrl: signup.publicUrl, addressOf: (request: ApiRequest) => clientAddress(request, trustProxy) };
  return [
    { method: 'GET', path: SIGN_IN_PATH, token: 'none', handler: limitSignInStarts(beginSignIn(signInDeps), { ...signInDeps, counter, limits: signInStartLimits(signup) }) },
    { method: 'GET', path: SIGN_IN_CALLBACK_PATH, token: 'none', handler: finishSignIn(signInDeps) },
  ];
}

/** The sign-in start budgets of `--signup twitch`'s settings; the defaults where unset. */
function signInStartLimits(signup: SignUpSettings) {
  const { maxSignInStartsPerAddress: perAddress, maxSignInStarts: perDeployment } = signup;
  return { ...(perAddress !== undefined && { perAddress }), ...(perDeployment !== undefined && { perDeployment }) };
}

/** The stored profile's writes and the layouts (docs/server.md, "The stored profile"). */
function profileRoutes(deps: Parameters<typeof putSelected>[0]): Route[] {
  return [
    { method: 'PUT', path: '/me/selected', token: 'website', handler: putSelected(deps) },
    { method: 'PUT', path: '/me/favs', token: 'website', handler: putFavs(deps) },
    { method: 'POST', path: '/me/overlays/:kind/rotate', token: 'website', handler: rotateOverlay(deps) },
    { method: 'POST', path: '/me/streamdeck/rotate', token: 'website', handler: rotateStreamdeck(deps) },
    { method: 'GET', path: '/me/layout/:kind', token: 'user', handler: readLayout(deps) },
    { method: 'PUT', path: '/me/layout/:kind', token: 'website', handler: putLayout(deps) },
  ];
}

/** A plain GET of the live endpoint: it speaks WebSocket only (RFC 9110: a 426 names the protocol in `Upgrade`). */
async function upgradeRequired(): Promise<never> {
  throw new HttpError(426, `Upgrade required - ${LIVE_PATH} is a WebSocket endpoint: open it with a WebSocket client`, { Upgrade: 'websocket' });
}

/** The events routes' dependencies: the given events and the per-user rate, which the log enforces. */
function eventDepsOf(options: ApiAppOptions, limits: ApiLimits) {
  return { events: options.events, limits, rate: resolveEventRate(options.eventRate) };
}

/** The media routes' dependencies: the given library, its limits resolved, its URLs under `apiPath`. */
function mediaDepsOf(options: ApiAppOptions) {
  const { media, apiPath = '', now = Date.now } = options;
  return { store: media.store, limits: resolveMediaLimits(media.limits), publicUrl: media.publicUrl, apiPath, now, newId: media.newId };
}

/** The answer shape of the `envelope` option. */
export function answerShape(envelope: boolean | EnvelopeOptions = false): ShapeAnswer {
  if (envelope === false) return bareAnswers;
  return envelopeAnswers(envelope === true ? {} : envelope);
}
