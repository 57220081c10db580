import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LIVE_PATH, type Profile } from '../../api/index.ts';
import { createPageApp } from '../../cli/index.ts';
import { createApiApp, createMemoryRegistry, DEMO_OVERLAY_IDS, DEMO_SEED, startApiServer } from '../../server/index.ts';
import type { BenchContext } from '../BenchContext.ts';
import { moduleSiteLabel } from '../../runtime/index.ts';
import { FLOOR_PAGE, FLOOR_PATH } from './floorPage.ts';
import { runViteBuild } from './runViteBuild.ts';
import { writeAlertModule } from './writeAlertModule.ts';
import { writeToolModules } from './writeToolModules.ts';

/** Most tool modules any figure selects. */
export const MAX_TOOLS = 50;

/** The real overlay page with the bench's tool modules, served with the API as `npm start` does. */
export interface OverlaySite {
  /** The overlay URL of the demo user's tool overlay (exchanges the overlay id, as OBS would). */
  overlayUrl: string;
  /** The API's base URL (the page server serves it under `/api`). */
  apiUrl: string;
  /** Ids of the bench tool modules, `bench.tool.m01` first. */
  toolIds: string[];
  /** The cold start's floor page (floorPage.ts) framing these modules' pages, each on its own site as the overlay frames them. */
  floorUrl(ids: string[]): string;
  /** Makes the demo user's tool overlay show exactly these modules. */
  selectTools(ids: string[]): Promise<void>;
  close(): Promise<void>;
}

/** Writes the tool modules, builds the page with vite, starts the page server (sqlite store). */
export async function startOverlaySite(context: BenchContext): Promise<OverlaySite> {
  const modulesDir = await context.tempDir('modules');
  const toolIds = await writeToolModules(modulesDir, MAX_TOOLS);
  // The alert figures' module: selected by them only, so the other figures' pages never load the alert queue.
  await writeAlertModule(modulesDir);
  const distDir = await context.tempDir('overlay-dist');
  context.log(`vite build of the overlay page with ${MAX_TOOLS} bench tool modules`);
  await runViteBuild({ outDir: distDir, moduleDirs: [modulesDir] });
  await writeFile(join(distDir, FLOOR_PATH), FLOOR_PAGE);
  const seed = structuredClone(DEMO_SEED);
  const profile: Profile = seed.users[0]!.profile;
  const registry = createMemoryRegistry(seed);
  const server = await startApiServer({
    registry,
    store: `sqlite:${join(await context.tempDir('overlay-db'), 'api.sqlite')}`,
    live: { path: `/api${LIVE_PATH}` },
    // `apiPath`: media URLs under /api, where the page server serves the API (as npm start does). The app serves the
    // server's registry (the one above, whose profile writes send their news), not the bare one.
    wrap: (app) => createPageApp({ distDir, api: createApiApp({ ...app, apiPath: '/api' }) }),
  });
  return {
    overlayUrl: `${server.url}/?overlay=${DEMO_OVERLAY_IDS.tool}`,
    apiUrl: `${server.url}/api`,
    toolIds,
    floorUrl(ids) {
      const { port } = new URL(server.url);
      const frames = ids.map((id) => `http://${moduleSiteLabel(id)}.localhost:${port}/modules/${id}/index.html`);
      return `${server.url}${FLOOR_PATH}?${new URLSearchParams({ frames: JSON.stringify(frames) })}`;
    },
    async selectTools(ids) {
      profile.selected.tools = [...ids];
      await registry.replaceProfile(profile.user.userId, structuredClone(profile));
    },
    close: () => server.close(),
  };
}
