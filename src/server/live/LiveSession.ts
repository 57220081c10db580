import { type RawData, WebSocket } from 'ws';
import { AUTH_MESSAGES, LIVE_CLOSE, type LiveAuth, LiveAuthSchema } from '../../api/index.ts';
import type { Events, EventSubscription } from '../events/index.ts';
import type { Registry } from '../registry/index.ts';
import { StoreUnavailableError } from '../store/index.ts';
import type { Change, ChangeFeed, FeedListener, Unsubscribe } from './ChangeFeed.ts';
import { encodeChange } from './ChangeFeed.ts';
import type { LiveOptions } from './LiveOptions.ts';
import type { UserConnections } from './UserConnections.ts';

/** The 403 text of the database routes: a live connection needs the same kind of token. */
const FORBIDDEN = 'Forbidden - the data store requires an overlay-generated token (exchange an overlay id at POST /auth/overlay)';
const UNAVAILABLE = 'Store unavailable - retry with backoff';
const STREAMDECK_FORBIDDEN = 'Forbidden - the Stream Deck token may only post events (POST /me/events)';

export interface SessionDeps {
  feed: ChangeFeed;
  /** The user's stream events (docs/events.md): every socket of the user hears them, whatever its kind. */
  events?: Events;
  registry: Registry;
  options: LiveOptions;
  users: UserConnections;
  clock: () => number;
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
  private userId: string | undefined;
  private unsubscribe: Unsubscribe | undefined;
  private events: EventSubscription | undefined;
  private readonly authTimer: NodeJS.Timeout;
  private ended = false;

  constructor(
    readonly ws: WebSocket,
    private readonly deps: SessionDeps,
    private readonly onEnd: (session: LiveSession) => void,
  ) {
    const seconds = deps.options.authTimeoutMs / 1000;
    this.authTimer = setTimeout(() => this.close(LIVE_CLOSE.authTimeout, `No auth message within ${seconds} s`), deps.options.authTimeoutMs);
    ws.once('message', (data, isBinary) => void this.authenticate(data, isBinary).catch((error) => this.fail(error)));
    ws.on('close', () => this.end());
    // ws closes the connection itself after a protocol error (e.g. 1009 for a message above the cap).
    ws.on('error', () => {});
    ws.on('pong', () => {
      this.missedPongs = 0;
    });
  }

  start({ cursor, replayed, reset }: { cursor: string; replayed: Change[]; reset: boolean }): void {
    this.send(Buffer.from(JSON.stringify({ type: 'ready', cursor, ...(this.events && { eventCursor: this.events.cursor }) })));
    const encoded = replayed.map(encodeChange);
    const bytes = encoded.reduce((sum, message) => sum + message.length, 0);
    // A replay larger than a client may have queued is sent as `reset`: re-reading costs the client less than being dropped.
    if (reset || bytes > this.deps.options.maxBufferedBytes) this.send(Buffer.from(JSON.stringify({ type: 'reset', cursor })));
    else for (const message of encoded) this.send(message);
    // The events after `eventsAfter` (or `eventsReset`), then the user's events as they come.
    this.events?.begin();
    this.live = true;
  }

  change(_change: Change, encoded: Buffer): void {
    this.send(encoded);
  }

  /** The ping round: false when the session ended instead (token expired, or the peer stopped answering). */
  ping(message: Buffer): boolean {
    if (this.expiresAtMs !== null && this.deps.clock() >= this.expiresAtMs) {
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
    return true;
  }

  /** Closes with `code`; the reason is cut to the 123 bytes a close frame allows. */
  close(code: number, reason: string): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.close(code, Buffer.from(reason).subarray(0, 123).toString());
  }

  private send(message: Buffer): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    this.ws.send(message, { binary: false });
    if (this.ws.bufferedAmount > this.deps.options.maxBufferedBytes) {
      this.close(LIVE_CLOSE.notReading, `Not reading - over ${this.deps.options.maxBufferedBytes} bytes waiting to be sent`);
      // The close frame waits behind the backlog the client does not read: cut the socket soon after.
      setTimeout(() => this.ws.terminate(), this.deps.options.closeGraceMs).unref();
    }
  }

  private async authenticate(data: RawData, isBinary: boolean): Promise<void> {
    clearTimeout(this.authTimer);
    const auth = parseAuth(data, isBinary);
    if (typeof auth === 'string') return this.close(LIVE_CLOSE.malformed, auth);
    if (!auth.token) return this.close(LIVE_CLOSE.unauthorized, AUTH_MESSAGES.missing);
    const grant = await this.deps.registry.resolveToken(auth.token);
    if (!grant) return this.close(LIVE_CLOSE.unauthorized, AUTH_MESSAGES.invalid);
    if (grant.context === 'streamdeck') return this.close(LIVE_CLOSE.forbidden, STREAMDECK_FORBIDDEN);
    if (grant.context !== 'overlay' || !grant.overlay) return this.close(LIVE_CLOSE.forbidden, FORBIDDEN);
    if (this.ended) return;
    const max = this.deps.options.maxConnectionsPerUser;
    if (!this.deps.users.add(grant.userId)) return this.close(LIVE_CLOSE.tooMany, `Too many live connections - at most ${max} per user`);
    this.userId = grant.userId;
    this.expiresAtMs = grant.expiresAt === null ? null : Date.parse(grant.expiresAt);
    this.events = await this.deps.events?.subscribe(grant.userId, auth.eventsAfter, (message) => this.send(message));
    if (this.ended) return this.events?.leave();
    const unsubscribe = await this.deps.feed.subscribe({ userId: grant.userId, kind: grant.overlay }, auth.since, this);
    if (this.ended) unsubscribe();
    else this.unsubscribe = unsubscribe;
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
    clearTimeout(this.authTimer);
    this.unsubscribe?.();
    this.events?.leave();
    if (this.userId !== undefined) this.deps.users.remove(this.userId);
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
