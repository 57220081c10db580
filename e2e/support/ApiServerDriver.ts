import { type AlertCommand, type AlertReport, type AlertsState, type EventPage, KINDS, type Json, type Kind, type MediaItem, type PostEvent, type Profile, type StreamEvent } from '../../src/api/index.ts';
import { type RunningApiServer, type Seed, type StartApiServerOptions, startApiServer } from '../../src/server/index.ts';

/** The reference API server of one test: started, stopped and restarted on the same port and store. */
export class ApiServerDriver {
  private server: RunningApiServer | undefined;
  private port = 0;

  constructor(
    private readonly seed: Seed,
    private readonly store: string,
    /**
     * `live: false` serves no live endpoint (404, like the hosted service), or sets its limits; `envelope` wraps bodies as the
     * hosted service does (`--envelope`); `twitchRoutes` as a server with a Twitch client id has them.
     */
    private readonly options: { live?: false | { maxConnectionsPerUser: number }; envelope?: boolean; twitchRoutes?: StartApiServerOptions['twitchRoutes'] } = {},
  ) {}

  /** Base URL, e.g. `http://127.0.0.1:40123`. */
  get url(): string {
    if (!this.server) throw new Error('the API server is not running');
    return this.server.url;
  }

  /** The first seeded user's profile. */
  get profile(): Profile {
    return this.seed.users[0]!.profile;
  }

  /** The seeded overlay token of each kind, and the website token. */
  get tokens(): Record<Kind | 'website', string> {
    const tokens = this.seed.users[0]!.tokens;
    const find = (kind: Kind | 'website') =>
      tokens.find((t) => (kind === 'website' ? t.context === 'website' : t.context === 'overlay' && t.overlay === kind))?.token;
    const entries = [...KINDS, 'website' as const].map((kind) => [kind, find(kind) ?? '']);
    return Object.fromEntries(entries) as Record<Kind | 'website', string>;
  }

  /** Starts the server (again, on the port it had before, so pages keep their address). */
  async start(): Promise<void> {
    if (this.server) return;
    this.server = await startApiServer({ port: this.port, seed: this.seed, store: this.store, ...this.options });
    this.port = this.server.port;
  }

  /** Stops the server; the page sees connection errors until `start()`. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    await server?.close();
  }

  /** Changes the user's profile on the running server (the page sees it on its next refresh). */
  async updateProfile(change: (profile: Profile) => void): Promise<void> {
    const user = this.seed.users[0]!;
    change(user.profile);
    if (this.server) await this.server.registry.replaceProfile(user.profile.user.userId, user.profile);
  }

  /** Selects exactly these modules for an overlay kind. */
  async selectModules(kind: Kind, ids: string[]): Promise<void> {
    await this.updateProfile(({ selected }) => {
      if (kind === 'tool') selected.tools = [...ids];
      else selected[kind] = ids[0] ?? '';
    });
  }

  /** Reads a stored value the way a module of `kind` would (undefined: never set). */
  async get(moduleId: string, key: string, kind: Kind = 'tool'): Promise<Json | undefined> {
    const query = new URLSearchParams({ id: moduleId, key });
    const response = await fetch(`${this.url}/me/database?${query}`, { headers: this.auth(kind) });
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`GET /me/database answered ${response.status}: ${await response.text()}`);
    const body = (await response.json()) as { value: Json } | { meta: unknown; data: { value: Json } };
    if ((this.options.envelope ?? false) !== 'meta' in body) throw new Error(`GET /me/database answered ${JSON.stringify(body)}, not in the server's shape`);
    return 'data' in body ? body.data.value : body.value;
  }

  /** Stores a value as a module of `kind` would. */
  async set(moduleId: string, key: string, value: Json, kind: Kind = 'tool'): Promise<void> {
    const response = await fetch(`${this.url}/me/database`, {
      method: 'PATCH',
      headers: { ...this.auth(kind), 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: moduleId, key, value }),
    });
    if (!response.ok) throw new Error(`PATCH /me/database answered ${response.status}: ${await response.text()}`);
  }

  /** Adds a file to the streamer's library with the website token (`POST /me/media`), as the home page or the dock would. */
  async uploadMedia(bytes: Buffer, name: string, type = 'application/octet-stream'): Promise<MediaItem> {
    const response = await fetch(`${this.url}/me/media?${new URLSearchParams({ name })}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${this.tokens.website}`, 'Content-Type': type },
      body: new Uint8Array(bytes),
    });
    if (response.status !== 201) throw new Error(`POST /me/media answered ${response.status}: ${await response.text()}`);
    return unwrap(await response.json()) as MediaItem;
  }

  /** Adds a file to the library and sets a module's media setting to it, as picking it in the dock does. */
  async setMedia(moduleId: string, setting: string, file: { bytes: Buffer; name: string }, kind: Kind = 'tool'): Promise<MediaItem> {
    const item = await this.uploadMedia(file.bytes, file.name);
    await this.set(moduleId, setting, item.id, kind);
    return item;
  }

  /** Removes a file from the library (`DELETE /me/media/<id>`). */
  async deleteMedia(id: string): Promise<void> {
    const response = await fetch(`${this.url}/me/media/${encodeURIComponent(id)}`, { method: 'DELETE', headers: { Authorization: `Bearer ${this.tokens.website}` } });
    if (response.status !== 204) throw new Error(`DELETE /me/media answered ${response.status}: ${await response.text()}`);
  }

  /** Posts a stream event with the website token, as a bot or a Stream Deck would (`POST /me/events`); answers the stored record. */
  async postEvent(body: PostEvent): Promise<StreamEvent> {
    const response = await fetch(`${this.url}/me/events`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${this.tokens.website}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST /me/events answered ${response.status}: ${await response.text()}`);
    return unwrap(await response.json()) as StreamEvent;
  }

  /** `GET /me/events` with the website token: the stored sequence, oldest first. */
  async listEvents(query: { after?: string; limit?: number } = {}): Promise<EventPage> {
    const params = new URLSearchParams();
    if (query.after !== undefined) params.set('after', query.after);
    if (query.limit !== undefined) params.set('limit', String(query.limit));
    const response = await fetch(`${this.url}/me/events?${params}`, { headers: { Authorization: `Bearer ${this.tokens.website}` } });
    if (!response.ok) throw new Error(`GET /me/events answered ${response.status}: ${await response.text()}`);
    return unwrap(await response.json()) as EventPage;
  }

  /** The profile's Stream Deck token (the demo seed has one). */
  get streamdeckToken(): string {
    return this.profile.streamdeck?.token ?? '';
  }

  /** `GET /me/alerts` with the website token. */
  async alerts(): Promise<AlertsState> {
    const response = await fetch(`${this.url}/me/alerts`, { headers: { Authorization: `Bearer ${this.tokens.website}` } });
    if (!response.ok) throw new Error(`GET /me/alerts answered ${response.status}: ${await response.text()}`);
    return unwrap(await response.json()) as AlertsState;
  }

  /** `POST /me/alerts/<command>` with the Stream Deck token, as a button would. */
  async alertCommand(command: AlertCommand): Promise<void> {
    const response = await fetch(`${this.url}/me/alerts/${command}`, { method: 'POST', headers: { Authorization: `Bearer ${this.streamdeckToken}` } });
    if (!response.ok) throw new Error(`POST /me/alerts/${command} answered ${response.status}: ${await response.text()}`);
  }

  /** `POST /me/alerts/report` with an overlay token, as an overlay page reports its queue. */
  async reportAlerts(report: AlertReport, kind: Kind = 'event'): Promise<void> {
    const response = await fetch(`${this.url}/me/alerts/report`, {
      method: 'POST',
      headers: { ...this.auth(kind), 'Content-Type': 'application/json' },
      body: JSON.stringify(report),
    });
    if (response.status !== 204) throw new Error(`POST /me/alerts/report answered ${response.status}: ${await response.text()}`);
  }

  private auth(kind: Kind): Record<string, string> {
    return { Authorization: `Bearer ${this.tokens[kind]}` };
  }
}

/** The body without the hosted service's envelope (`{meta, data}`), when the server wraps. */
function unwrap(body: unknown): unknown {
  return body && typeof body === 'object' && 'meta' in body && 'data' in body ? (body as { data: unknown }).data : body;
}
