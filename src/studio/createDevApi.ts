import type { DevEntry, Kind, Profile } from '../api/index.ts';
import { createApiClient, createDevClient } from '../client/index.ts';
import { obtainToken, type OverlayAuth } from '../runtime/index.ts';

export type { DevEntry };

/** The studio's own line to the API: the developer routes, and the full profile. */
export interface DevApi {
  readonly kind: Kind;
  /** `GET /dev/profile`: the full profile, every overlay id and the Stream Deck token included (the kind picker and the editor need them). */
  me(): Promise<Profile>;
  listDatabase(): Promise<DevEntry[]>;
  /** `PUT /dev/profile`: answers the profile as stored. */
  saveProfile(profile: Profile): Promise<Profile>;
}

export interface DevApiOptions {
  apiBase: string;
  auth: OverlayAuth;
  /** Not the switchable one: the inspector keeps seeing the server while the page is cut off. @default globalThis.fetch */
  fetch?: typeof globalThis.fetch;
}

/** Signs in like the page does (its own token), then serves the developer routes. Rejects with an OverlayError. */
export async function createDevApi({ apiBase, auth, fetch = (i, init) => globalThis.fetch(i, init) }: DevApiOptions): Promise<DevApi> {
  const client = createApiClient({ baseUrl: apiBase, fetch });
  let { token, kind } = await obtainToken(client, auth);
  const dev = createDevClient({
    baseUrl: client.baseUrl,
    fetch,
    token: () => token,
    // An overlay id can be exchanged again; a given token cannot be renewed.
    renewToken:
      'overlay' in auth
        ? async () => {
            ({ token, kind } = await obtainToken(client, auth));
          }
        : undefined,
  });
  return {
    kind,
    // Not `GET /me`: with an overlay token it tells no other kind's overlay id and no Stream Deck token.
    // An API without the developer routes (npm start, npm run api) still has GET /me: the studio runs on what it tells.
    me: async () => (await dev.profile()) ?? client.me(),
    listDatabase: () => dev.database(kind),
    saveProfile: (profile) => dev.saveProfile(profile),
  };
}
