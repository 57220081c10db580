import { signal } from '@preact/signals';
import type { Profile } from '../../api/index.ts';
import type { HomeSession } from '../HomeSession.ts';

/** A token that came in the address, and whose account it opens, waiting for the streamer's answer. */
export interface OfferedAccount {
  token: string;
  userName: string;
}

/**
 * A `#token=` arriving at the page. Where the tab holds no token for this API
 * (or that very one) it signs in at once. One that would replace another
 * account's token is not taken silently: a link someone else made (login
 * CSRF) would sign the tab in to their account, where all the streamer does
 * next is theirs to see. The page says whose account it opens and asks.
 */
export class AccountSwitch {
  readonly offered = signal<OfferedAccount | null>(null, { name: 'home.offered' });
  /** Why a token from the address was not taken (refused, unreadable); null when none was refused. */
  readonly notice = signal<string | null>(null, { name: 'home.offerNotice' });

  constructor(private readonly session: HomeSession) {}

  /** Takes a token from the address: at once where nothing would be replaced, else once the streamer accepts. */
  async arrive(token: string): Promise<void> {
    const { session } = this;
    this.notice.value = null;
    this.offered.value = null;
    if (session.token.peek() === token || !session.token.peek()) return session.signIn(token);
    if (!session.profile.peek()) await session.reload();
    // The tab's own token was refused meanwhile: there is nothing to replace.
    if (!session.token.peek()) return session.signIn(token);
    const current = session.profile.peek();
    const offered = await this.accountOf(token, current);
    if (!offered) return;
    if (offered.userId === current?.user.userId) return session.signIn(token);
    this.offered.value = { token, userName: offered.userName };
  }

  /** Signs the tab in with the offered token, in place of the one it held. */
  async accept(): Promise<void> {
    const offer = this.offered.peek();
    this.offered.value = null;
    if (offer) await this.session.signIn(offer.token);
  }

  /** Keeps the tab's token; the offered one is forgotten. */
  keep(): void {
    this.offered.value = null;
  }

  dismissNotice(): void {
    this.notice.value = null;
  }

  /** The user the token opens (`GET /me` with it, on this page's API only), or undefined with the notice set. */
  private async accountOf(token: string, current: Profile | null): Promise<Profile['user'] | undefined> {
    try {
      return (await this.session.client.profile.read(token)).profile.user;
    } catch (error) {
      this.notice.value = notTaken(error instanceof Error ? error.message : String(error), current);
    }
    return undefined;
  }
}

function notTaken(reason: string, current: Profile | null): string {
  const stays = current ? `this tab stays signed in as ${current.user.userName}` : 'this tab keeps its token';
  return `The token in the address was not taken (${reason}): ${stays}.`;
}
