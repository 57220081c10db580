import { type Kind, type Profile, KINDS } from '../../api/index.ts';
import type { HomeSession } from '../HomeSession.ts';
import { SecretModel } from './SecretModel.ts';

/**
 * The address of a kind's overlay: the overlay page (`pageBase`, the site's
 * root) with `overlay=<id>`, and `api=` when the API is not the page's `/api`.
 */
export function overlayAddress(pageBase: string, apiBase: string, overlayId: string): string {
  const url = new URL(pageBase);
  url.searchParams.set('overlay', overlayId);
  if (apiBase !== `${url.origin}/api`) url.searchParams.set('api', apiBase);
  return url.href;
}

/** One SecretModel per overlay kind: the address, and `POST /me/overlays/<kind>/rotate`. */
export function overlaySecrets(session: HomeSession, pageBase: string): Record<Kind, SecretModel> {
  const entries = KINDS.map((kind) => {
    const model = new SecretModel({
      session,
      name: `home.overlay.${kind}`,
      read: ({ profile }) => {
        const id = profile.value?.overlays[kind];
        return id ? overlayAddress(pageBase, session.client.baseUrl, id) : null;
      },
      rotate: async () => {
        const overlay = await session.client.profile.rotateOverlay(kind);
        patchProfile(session, (profile) => ({ ...profile, overlays: { ...profile.overlays, [kind]: overlay } }));
        await session.reload();
      },
    });
    return [kind, model] as const;
  });
  return Object.fromEntries(entries) as Record<Kind, SecretModel>;
}

/** The Stream Deck token, and `POST /me/streamdeck/rotate`. */
export function streamDeckSecret(session: HomeSession): SecretModel {
  return new SecretModel({
    session,
    name: 'home.streamdeck',
    read: ({ profile }) => profile.value?.streamdeck.token ?? null,
    rotate: async () => {
      const token = await session.client.profile.rotateStreamDeck();
      patchProfile(session, (profile) => ({ ...profile, streamdeck: { ...profile.streamdeck, token } }));
      await session.reload();
    },
  });
}

/** The `curl` line that posts a `custom.*` event with the Stream Deck token (docs/events.md). */
export function streamDeckCurl(apiBase: string, token: string): string {
  return `curl -X POST ${apiBase}/me/events -H "Authorization: Bearer ${token}" -d '{"type":"custom.next-question","event":{}}'`;
}

/** Shows the rotation's answer at once; the re-read that follows brings the new ETag. */
function patchProfile(session: HomeSession, change: (profile: Profile) => Profile): void {
  const profile = session.profile.peek();
  if (profile) session.profile.value = change(profile);
}
