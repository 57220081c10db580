import { computed, type ReadonlySignal, signal } from '@preact/signals';
import { SESSIONS_PATH, type WebsiteSessionInfo } from '../../api/index.ts';
import { failItem, markItem } from '../itemMarks.ts';
import { isRefusal } from '../../client/index.ts';
import { describeBrowser } from './describeBrowser.ts';
import type { HomeSession } from '../HomeSession.ts';

/** The route the section needs, as the API root lists it. */
const LIST_ROUTE = `GET ${SESSIONS_PATH}`;

/** Where a session was made: the client address the server saw. */
export const sessionWhere = (session: WebsiteSessionInfo): string => session.address ?? 'an unknown address';

export interface SessionsModelOptions {
  session: HomeSession;
  /** @default Date.now */
  now?: () => number;
}

/**
 * The Signed in section: the streamer's website tokens made by signing in
 * (`GET /me/sessions`, never a token), each revocable (`DELETE /me/sessions/<id>`).
 * A token fixed by the seed or the data folder is never listed; a server
 * without the route has only such tokens (`absent`).
 */
export class SessionsModel {
  /** The sessions, oldest first; null before the first read. */
  readonly sessions = signal<readonly WebsiteSessionInfo[] | null>(null, { name: 'home.sessions' });
  /** The server has no sessions route: every website token of it is fixed. */
  readonly absent = signal(false, { name: 'home.sessions.absent' });
  /** Why the list could not be read. */
  readonly error = signal<string | null>(null, { name: 'home.sessions.error' });
  /** Why a revocation failed, by session id. */
  readonly failures = signal<Readonly<Record<string, string>>>({}, { name: 'home.sessions.failures' });
  /** What the last revocation did, for the section's status line. */
  readonly notice = signal<string | null>(null, { name: 'home.sessions.notice' });
  /** Ids whose revocation is under way. */
  readonly pending = signal<ReadonlySet<string>>(new Set(), { name: 'home.sessions.pending' });
  /** Whether this tab's token is one of the listed sessions (else it is fixed by the seed or data folder). */
  readonly currentListed: ReadonlySignal<boolean> = computed(() => this.sessions.value?.some((session) => session.current) ?? false);
  /** The clock the view's "5 minutes ago" counts from. */
  readonly now: () => number;
  private readonly session: HomeSession;

  constructor({ session, now = Date.now }: SessionsModelOptions) {
    this.session = session;
    this.now = now;
  }

  /** Reads `GET /me/sessions`; a server whose root lacks the route, or answers 404, is `absent`. */
  async load(): Promise<void> {
    const routes = this.session.routes.peek();
    if (routes.size > 0 && !routes.has(LIST_ROUTE)) return this.showAbsent();
    try {
      const sessions = await this.session.client.sessions.list();
      if (!sessions) return this.showAbsent();
      this.absent.value = false;
      this.sessions.value = sessions;
      this.error.value = null;
    } catch (error) {
      if (isRefusal(error)) return this.refused();
      this.error.value = `The sessions could not be read: ${describe(error)}.`;
    }
  }

  /** Revokes another session (`DELETE /me/sessions/<id>`) and drops it from the list; 404 (gone already) too. */
  async revoke(id: string): Promise<void> {
    if (this.pending.peek().has(id)) return;
    markItem(this.pending, id, true);
    failItem(this.failures, id, null);
    this.notice.value = null;
    try {
      await this.session.client.sessions.revoke(id);
      const gone = this.sessions.peek()?.find((session) => session.id === id);
      this.sessions.value = (this.sessions.peek() ?? []).filter((session) => session.id !== id);
      this.notice.value = gone ? `Revoked the session from ${sessionWhere(gone)} (${describeBrowser(gone.userAgent)}).` : null;
    } catch (error) {
      if (isRefusal(error)) return this.refused();
      failItem(this.failures, id, `Not revoked: ${describe(error)}.`);
    } finally {
      markItem(this.pending, id, false);
    }
  }

  /** Ends this tab's own session: the page's Sign out (`POST /auth/logout`). */
  signOutHere(): Promise<void> {
    return this.session.signOut();
  }

  private showAbsent(): void {
    this.absent.value = true;
    this.sessions.value = [];
    this.error.value = null;
  }

  /** The tab's token was refused meanwhile: reading the profile again signs the page out and says why. */
  private refused(): Promise<void> {
    return this.session.reload();
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
