import type { ProfileView, ServerView } from './checkSoak.ts';
import type { SoakUser } from './soakSeed.ts';
import { type ProfileSlot, slotState } from './soakProfile.ts';

type ReadKey = (token: string, key: string) => Promise<string | undefined>;
type ReadSlot = (token: string, slot: ProfileSlot) => Promise<{ json: string; etag: string }>;

/** The end's reads run with every instance up, but a connection to the restarted one may still be warming: a few tries. */
export async function withRetries<T>(run: () => Promise<T>, tries = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** What the server holds at the end, read through the balancer like any client would. */
export async function readServerView(users: readonly SoakUser[], keys: readonly string[], read: ReadKey): Promise<ServerView> {
  const view: ServerView = new Map();
  for (const user of users) {
    const values = new Map<string, string | undefined>();
    for (const key of keys) values.set(key, await withRetries(() => read(user.token, key)));
    view.set(user.userId, values);
  }
  return view;
}

/** Each user's profile and tool layout at the end (`GET /me`, `GET /me/layout/tool`), read with the clients' token. */
export async function readProfileView(users: readonly SoakUser[], read: ReadSlot): Promise<ProfileView> {
  const view: ProfileView = new Map();
  for (const user of users) {
    const profile = await withRetries(() => read(user.token, 'selected'));
    const layout = await withRetries(() => read(user.token, 'layout'));
    view.set(user.userId, { etag: profile.etag, selected: slotState('selected', profile.json), layout: slotState('layout', layout.json) });
  }
  return view;
}
