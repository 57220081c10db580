import { computed, type ReadonlySignal, signal } from '@preact/signals';
import type { ModuleEntry, Profile } from '../api/index.ts';
import { ApiError, createWebsiteClient, type StoredProfile, type WebsiteClient } from '../client/index.ts';
import type { TokenMemory } from './TokenMemory.ts';

export type SessionPhase = 'signed-out' | 'loading' | 'ready' | 'failed';

export interface HomeSessionOptions {
  /** The API's base URL, without a trailing slash. */
  apiBase: string;
  /** Where the tab keeps the website token (sessionStorage in the page). */
  memory: TokenMemory;
  /** The build's installed modules (the module catalog), sorted by id. */
  catalog: ReadonlySignal<readonly ModuleEntry[]>;
  /** @default globalThis.fetch */
  fetch?: typeof globalThis.fetch;
}

/**
 * What every section of the home page shares: the API client, the tab's website
 * token, the streamer's profile with its ETag (the `If-Match` of every
 * profile write), and the installed modules.
 */
export class HomeSession {
  readonly client: WebsiteClient;
  readonly catalog: ReadonlySignal<readonly ModuleEntry[]>;
  readonly token = signal<string | undefined>(undefined, { name: 'home.token' });
  readonly phase = signal<SessionPhase>('signed-out', { name: 'home.phase' });
  readonly error = signal<string | null>(null, { name: 'home.error' });
  readonly profile = signal<Profile | null>(null, { name: 'home.profile' });
  /** The ETag of the profile shown; sent as `If-Match`. */
  readonly etag = signal<string | null>(null, { name: 'home.etag' });
  /** How a new streamer signs up on this server (`signup` of the API root's JSON): `twitch`, or null. */
  readonly signup = signal<string | null>(null, { name: 'home.signup' });
  /** The routes the API root lists (`POST /auth/logout`, ...), as `METHOD /path`. */
  readonly routes = signal<ReadonlySet<string>>(new Set(), { name: 'home.routes' });
  /** Whether the API root was read (answered or not): `routes` is then as good as it gets. */
  readonly rootRead = signal(false, { name: 'home.rootRead' });
  /** Counts the reads of `GET /me` (sign-in, coming back to the tab): sections that read more follow it. */
  readonly profileReads = signal(0, { name: 'home.profileReads' });
  readonly userName = computed(() => this.profile.value?.user.userName ?? null);
  private readonly memory: TokenMemory;

  constructor(options: HomeSessionOptions) {
    this.memory = options.memory;
    this.catalog = options.catalog;
    this.token.value = options.memory.read();
    this.client = createWebsiteClient({ baseUrl: options.apiBase, getToken: () => this.token.peek(), ...(options.fetch && { fetch: options.fetch }) });
  }

  /** Keeps the token for the tab and reads the profile; a refused token signs out again and says why. */
  async signIn(token: string): Promise<void> {
    this.token.value = token;
    this.memory.write(token);
    await this.reload();
  }

  /** Reads `GET /me` (profile and ETag). */
  async reload(): Promise<void> {
    if (!this.token.peek()) {
      this.phase.value = 'signed-out';
      return;
    }
    if (!this.profile.peek()) this.phase.value = 'loading';
    try {
      this.show(await this.client.profile.read());
      this.error.value = null;
      this.phase.value = 'ready';
      this.profileReads.value += 1;
    } catch (error) {
      this.failRead(error);
    }
  }

  /** Takes a stored profile (`GET /me`, or a PUT's answer) as the one shown, with its ETag. */
  show({ profile, etag }: StoredProfile): void {
    this.profile.value = profile;
    this.etag.value = etag;
  }

  /** Reads the API root (`GET /`, as JSON): whether it offers "Sign in with Twitch". */
  async readRoot(): Promise<void> {
    try {
      const { signup, routes } = await this.client.root();
      this.signup.value = signup;
      this.routes.value = routes;
    } catch {
      this.signup.value = null;
    } finally {
      this.rootRead.value = true;
    }
  }

  /** Drops the token (`POST /auth/logout` when the server has it) and everything read with it. */
  async signOut(): Promise<void> {
    // The token is forgotten here either way; the server drops it where it can.
    const onServer = await this.isSession().catch(() => false);
    if (onServer) await this.client.sessions.logout().catch(() => undefined);
    this.forget(onServer ? null : 'Signed out in this tab. This token is fixed by the server\'s data folder or seed: it works until it is replaced there.');
  }

  /**
   * Whether the token is a sign-in session the server can drop (`GET /me/sessions` marks it
   * `current`): a token fixed by the seed or the data folder gets 409 at `POST /auth/logout`.
   */
  private async isSession(): Promise<boolean> {
    const routes = this.routes.peek();
    if (!routes.has('POST /auth/logout') || !routes.has('GET /me/sessions')) return false;
    const sessions = await this.client.sessions.list();
    return sessions?.some((session) => session.current) ?? false;
  }

  private failRead(error: unknown): void {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      this.forget(`This token was refused (${error.message}). Paste the website token again.`);
      return;
    }
    this.error.value = `The profile could not be read: ${error instanceof Error ? error.message : String(error)}`;
    if (!this.profile.peek()) this.phase.value = 'failed';
  }

  private forget(reason: string | null): void {
    this.memory.write(undefined);
    this.token.value = undefined;
    this.profile.value = null;
    this.etag.value = null;
    this.error.value = reason;
    this.phase.value = 'signed-out';
  }
}
