import { effect } from '@preact/signals';
import type { HomeSection } from './HomeSection.ts';
import { LayoutEditor, LayoutEditorModel } from './layout/index.ts';
import { MediaModel, MediaSection } from './media/index.ts';
import type { HomeSession } from './HomeSession.ts';
import { ModulesModel, ModulesSection } from './modules/index.ts';
import { OverlaysSection } from './overlays/index.ts';
import { overlaySecrets, streamDeckSecret } from './secrets/index.ts';
import { SessionsModel, SessionsSection } from './sessions/index.ts';
import { StreamDeckSection } from './streamdeck/index.ts';
import { TwitchModel, TwitchSection } from './twitch/index.ts';

export interface HomeSectionsOptions {
  /** The overlay page's address (the site's root), the base of every overlay address. */
  pageBase: string;
}

/** The home page's sections, in page order, each with its model made once. */
export function createHomeSections(session: HomeSession, { pageBase }: HomeSectionsOptions): HomeSection[] {
  const overlays = overlaySecrets(session, pageBase);
  const modules = new ModulesModel(session);
  const layout = new LayoutEditorModel({
    client: session.client.layout,
    profile: session.profile,
    catalog: session.catalog,
  });
  const streamDeck = streamDeckSecret(session);
  const twitch = new TwitchModel({ session });
  const sessions = new SessionsModel({ session });
  const media = new MediaModel({
    client: session.client.media,
    onRefused: () => session.reload(),
  });
  // The Twitch state is read at each sign-in.
  effect(() => {
    if (session.phase.value === 'ready') void twitch.load();
  });
  // The sessions at each read of the profile (sign-in, back to the tab), once the API root said whether it has the route.
  effect(() => {
    session.profileReads.value;
    if (session.phase.value === 'ready' && session.rootRead.value) void sessions.load();
  });
  // The media library at each read of the profile too: another tab or the dock may have added files.
  effect(() => {
    session.profileReads.value;
    if (session.phase.value === 'ready') void media.load();
  });
  return [
    { id: 'overlays', title: 'Overlays', View: () => <OverlaysSection overlays={overlays} /> },
    { id: 'modules', title: 'Modules', View: () => <ModulesSection model={modules} /> },
    { id: 'layout', title: 'Layout', View: () => <LayoutEditor model={layout} /> },
    { id: 'media', title: 'Media', View: () => <MediaSection model={media} /> },
    { id: 'stream-deck', title: 'Stream Deck', View: () => <StreamDeckSection token={streamDeck} apiBase={session.client.baseUrl} /> },
    { id: 'twitch', title: 'Twitch', View: () => <TwitchSection model={twitch} /> },
    { id: 'signed-in', title: 'Signed in', View: () => <SessionsSection model={sessions} /> },
  ];
}
