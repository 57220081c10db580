import { type RawData, WebSocket } from 'ws';
import { AUTH_MESSAGES, LIVE_CLOSE, type LiveAuth, LiveAuthSchema, type RevisedAlertsState } from '../../api/index.ts';
import type { Kind } from '../../api/index.ts';
import type { Events, EventSubscription } from '../events/index.ts';
import { type TokenRegistry, tokenDigest } from '../registry/index.ts';
import { StoreUnavailableError } from '../store/index.ts';
import type { Change, ChangeFeed, FeedListener, Unsubscribe } from './ChangeFeed.ts';
import { encodeChange } from './ChangeFeed.ts';
import type { LiveOptions } from './LiveOptions.ts';
import type { UserConnections } from './UserConnections.ts';

type FeedStart = Parameters<FeedListener['start']>[0];

/** The 403 text of the database routes: a live connection needs the same kind of token. */
const FORBIDDEN = 'Forbidden - the data store requires an overlay-generated token (exchange an overlay id at POST /auth/overlay)';
const UNAVAILABLE = 'Store unavailable - retry with backoff';
const STREAMDECK_FORBIDDEN = 'Forbidden - the Stream Deck token may only post events (POST /me/events) and drive alerts (/me/alerts)';

export interface SessionDeps {
  feed: ChangeFeed;
  /** The user's stream events (docs/events.md): every socket of the user hears them, whatever its kind. */
  events?: Events;
  registry: TokenRegistry;
  /** The user's stored alert state, which `ready` carries (docs/alerts.md); none without alert controls. */
  alerts?: (userId: string) => Promise<RevisedAlertsState>;
  options: LiveOptions;
  users: UserConnections;
  now: () => number;
  /** Starts a timer that does not keep the process alive; returns its cancel. */
  startTimer: (fn: () => void, ms: number) => () => void;
  onInternalError: (error: unknown) => void;
}

/**
 * One live connection: waits for its auth message, checks the token, then
 * relays its space's changes. Everything it sends goes through `send`, which
 * drops a client that has stopped reading before its backlog grows past
 * `maxBufferedBytes`.
 */
export class LiveSession implements FeedListener {
  /** Set once `ready` was sent: from then on the session gets pings. */
  live = false;
  /** Pings sent since the client last answered one (a WebSocket pong, which browsers send by themselves). */
  missedPongs = 0;
  private expiresAtMs: number | null = null;
  private counted: { userId: string; kind: Kind } | undefined;
  /** The token the session authenticated with, checked again at each ping round: a dropped token ends the session. */
  private token: string | undefined;
  /** Its `tokenDigest`, which revocations name. */
  private digest: string | undefined;
  private checking = false;
  private unsubscribe: Unsubscribe | undefined;
  private events: EventSubscription | undefined;
  private readonly cancelAuthTimer: () => void;
  private ended = false;
  /** The feed's start and what came after it, kept while the alert state is read: `ready` goes first and carries it. */
  private opening: { start: FeedStart; held: Buffer[] } | undefined;

  constructor(
    readonly ws: WebSocket,
    private readonly deps: SessionDeps,
    private readonly onEnd: (session: LiveSession) => void,
    /** Called once the auth message has arrived, or the session has ended: it no longer counts as pending. */
    private readonly onSettled: () => void = () => {},
  ) {
    const seconds = deps.options.authTimeoutMs / 1000;
    this.cancelAuthTimer = deps.startTimer(() => this.cut(LIVE_CLOSE.authTimeout, `No auth message within ${seconds} s`), deps.options.authTimeoutMs);
    ws.once('message', (data, isBinary) => {
      this.onSettled();
      void this.authenticate(data, isBinary).catch((error) => this.fail(error));
    });
    ws.on('close', () => this.end());
    // ws closes the connection itself after a protocol error (e.g. 1009 for a message above the cap).
    ws.on('error', () => {});
    ws.on('pong', () => {
      this.missedPongs = 0;
    });
  }

  start(start: FeedStart): void {
    this.opening = { start, held: [] };
  }

  /** Sends `ready` (with the alert state read once the feed was listening), the replay, what came meanwhile, then events. */
  private begin(alerts: RevisedAlertsState | undefined): void {
    if (!this.opening) return;
    const { start, held } = this.opening;
    this.opening = undefined;
    const { cursor, replayed, reset } = start;
    this.send(Buffer.from(JSON.stringify({ type: 'ready', cursor, ...(this.events && { eventCursor: this.events.cursor }), ...(alerts && { alerts }) })));
    const encoded = replayed.map(encodeChange);
    const bytes = encoded.reduce((sum, message) => sum + message.length, 0);
    // A replay larger than a client may have queued is sent as `reset`: re-reading costs the client less than being dropped.
    if (reset || bytes > this.deps.options.maxBufferedBytes) this.send(Buffer.from(JSON.stringify({ type: 'reset', cursor })));
    else for (const message of encoded) this.send(message);
    for (const message of held) this.send(message);
    // The events after `eventsAfter` (or `eventsReset`), then the user's events as they come.
    this.events?.begin();
    this.live = true;
  }

  change(_change: Change, encoded: Buffer): void {
    this.deliver(encoded);
  }

  /** The ping round: false when the session ended instead (token expired, or the peer stopped answering). */
  ping(message: Buffer): boolean {
    if (this.expiresAtMs !== null && this.deps.now() >= this.expiresAtMs) {
      this.close(LIVE_CLOSE.unauthorized, AUTH_MESSAGES.invalid);
      return false;
    }
    if (this.missedPongs >= 2) {
      this.ws.terminate();
      return false;
    }
    this.missedPongs++;
    if (this.ws.readyState === WebSocket.OPEN) this.ws.ping();
    this.send(message);
    void this.recheckToken();
    return true;
  }

  /** A profile or layout notice of the user: sent as it is. */
  notice(encoded: Buffer): void {
    this.deliver(encoded);
  }

  /** Held until `ready` has gone, sent after it. */
  private deliver(message: Buffer): void {
    if (this.opening) this.opening.held.push(message);
    else this.send(message);
  }

  /** Closes with 4401 at once when the session's token was revoked (dropped by newer exchanges of its overlay id). */
  revoked(digest: string): void {
    if (this.digest === digest) this.close(LIVE_CLOSE.unauthorized, AUTH_MESSAGES.invalid);
  }

  /** Closes with 4401 when the token is no longer known (dropped by newer exchanges, or gone with its user). */
  private async recheckToken(): Promise<void> {
    if (this.token === undefined || this.checking) return;
    this.checking = true;
    try {
      if (!(await this.deps.registry.resolveToken(this.token))) this.close(LIVE_CLOSE.unauthorized, AUTH_MESSAGES.invalid);
    } catch {
      // The registry cannot answer now: store trouble closes live connections through the feed; ask again next round.
    } finally {
      this.checking = false;
    }
  }

  /** Closes with `code`; the reason is cut to the 123 bytes a close frame allows. */
  close(code: number, reason: string): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.close(code, Buffer.from(reason).subarray(0, 123).toString());
  }

  /** Closes with `code` and cuts the socket at once: a peer that never answers the close would hold it for ws's 30 s. */
  cut(code: number, reason: string): void {
    this.cancelAuthTimer();
    this.close(code, reason);
    this.ws.terminate();
  }

  private send(message: Buffer): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    this.ws.send(message, { binary: false });
    if (this.ws.bufferedAmount > this.deps.options.maxBufferedBytes) {
      this.close(LIVE_CLOSE.notReading, `Not reading - over ${this.deps.options.maxBufferedBytes} bytes waiting to be sent`);
      // The close frame waits behind the backlog the client does not read: cut the socket soon after.
      this.deps.startTimer(() => this.ws.terminate(), this.deps.options.closeGraceMs);
    }
  }

  private async authenticate(data: RawData, isBinary: boolean): Promise<void> {
    this.cancelAuthTimer();
    const auth = parseAuth(data, isBinary);
    if (typeof auth === 'string') return this.close(LIVE_CLOSE.malformed, auth);
    if (!auth.token) return this.close(LIVE_CLOSE.unauthorized, AUTH_MESSAGES.missing);
    const grant = await this.deps.registry.resolveToken(auth.token);
    if (!grant) return this.close(LIVE_CLOSE.unauthorized, AUTH_MESSAGES.invalid);
    if (grant.context === 'streamdeck') return this.close(LIVE_CLOSE.forbidden, STREAMDECK_FORBIDDEN);
    if (grant.context !== 'overlay' || !grant.overlay) return this.close(LIVE_CLOSE.forbidden, FORBIDDEN);
    if (this.ended) return;
    const max = this.deps.options.maxConnectionsPerUser;
    if (!this.deps.users.add(grant.userId, grant.overlay)) return this.close(LIVE_CLOSE.tooMany, `Too many live connections - at most ${max} per user and overlay kind`);
    this.counted = { userId: grant.userId, kind: grant.overlay };
    this.token = auth.token;
    this.digest = tokenDigest(auth.token);
    this.expiresAtMs = grant.expiresAt === null ? null : Date.parse(grant.expiresAt);
    this.events = await this.deps.events?.subscribe(grant.userId, auth.eventsAfter, (message) => this.send(message));
    if (this.ended) return this.events?.leave();
    // The budget goes to the store, which answers reset past it before reading more: an old cursor costs no more than a current one.
    const space = { userId: grant.userId, kind: grant.overlay };
    const unsubscribe = await this.deps.feed.subscribe(space, auth.since, this, this.deps.options.maxBufferedBytes);
    if (this.ended) return unsubscribe();
    this.unsubscribe = unsubscribe;
    // Read once the feed listens: a change stored after this read reaches the socket as its own message.
    const alerts = await this.deps.alerts?.(grant.userId);
    if (this.ended) return;
    this.begin(alerts);
    // A revocation on the space's channel before the subscription was missed: ask once more now that later ones arrive.
    void this.recheckToken();
  }

  private fail(error: unknown): void {
    if (error instanceof StoreUnavailableError) {
      this.close(LIVE_CLOSE.unavailable, UNAVAILABLE);
      return;
    }
    this.deps.onInternalError(error);
    this.close(1011, 'Internal error');
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    this.cancelAuthTimer();
    this.unsubscribe?.();
    this.events?.leave();
    if (this.counted) this.deps.users.remove(this.counted.userId, this.counted.kind);
    this.onSettled();
    this.onEnd(this);
  }
}

/** The auth message, or the reason it is malformed. */
function parseAuth(data: RawData, isBinary: boolean): LiveAuth | string {
  if (isBinary) return 'Malformed message - the auth message must be a text frame';
  let json: unknown;
  try {
    json = JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(data as Buffer[]).toString('utf8'));
  } catch {
    return 'Malformed message - the auth message must be JSON';
  }
  const parsed = LiveAuthSchema.safeParse(json);
  if (!parsed.success) return 'Malformed message - expected {"type":"auth","token":"...","since":"..."} with string token, since and eventsAfter';
  return parsed.data;
}
