import { DEMO_OVERLAY_IDS, DEMO_PROFILE, DEMO_TOKENS } from '../registry/index.ts';

/** What the server prints after starting with the demo user: ids (as stored: one may have been replaced), tokens and how to call it. */
export function demoBanner(url: string, storeUrl: string, overlays: Record<'game' | 'tool' | 'background' | 'event', string> = DEMO_OVERLAY_IDS): string {
  const rows = (entries: Record<string, string>) =>
    Object.entries(entries).map(([kind, value]) => `  ${kind.padEnd(11)} ${value}`);
  const tool = 'demo.tool.counter';
  return [
    `Demo user ${DEMO_PROFILE.user.userName} (userId ${DEMO_PROFILE.user.userId}), store ${storeUrl}`,
    'Overlay ids (exchange one at POST /auth/overlay for an overlay token):',
    ...rows({ game: overlays.game, tool: overlays.tool, background: overlays.background, event: overlays.event }),
    'Tokens (fixed, never expire; the overlay ones may use the data store):',
    ...rows(DEMO_TOKENS),
    'Try it:',
    `  curl -H 'Authorization: Bearer ${DEMO_TOKENS.website}' ${url}/me`,
    `  curl -X PATCH -H 'Authorization: Bearer ${DEMO_TOKENS.tool}' -H 'Content-Type: application/json' \\`,
    `       -d '{"id":"${tool}","key":"count","value":1}' ${url}/me/database`,
    `  curl -H 'Authorization: Bearer ${DEMO_TOKENS.tool}' '${url}/me/database?id=${tool}&key=count'`,
    `  curl -X POST -H 'Content-Type: application/json' -d '{"overlay":"${overlays.tool}"}' ${url}/auth/overlay`,
  ].join('\n');
}
