import { createPageApp } from '../../cli/index.ts';
import { LIVE_PATH } from '../../api/index.ts';
import { createApiApp, DEMO_SEED, type RunningApiServer, startApiServer } from '../../server/index.ts';

/** The reference server behind the harness pages, counting what the pages send. */
export interface HarnessServer {
  /** Page origin, e.g. `http://127.0.0.1:40123`; the API is under `/api`. */
  url: string;
  apiBase: string;
  /** PATCH /me/database requests received since the last `resetCount()`. */
  patchCount(): number;
  resetCount(): void;
  server: RunningApiServer;
}

/**
 * What `npm start` runs (src/cli/start.ts): the API with a sqlite store mounted
 * under /api next to a static site, here the harness files.
 */
export async function startHarnessServer(siteDir: string, sqlitePath: string): Promise<HarnessServer> {
  let patches = 0;
  const server = await startApiServer({
    seed: DEMO_SEED,
    store: `sqlite:${sqlitePath}`,
    live: { path: `/api${LIVE_PATH}` },
    wrap: (app) => {
      const api = createApiApp(app);
      const counting = {
        fetch(request: Request) {
          if (request.method === 'PATCH' && new URL(request.url).pathname === '/me/database') patches++;
          return api.fetch(request);
        },
      };
      return createPageApp({ distDir: siteDir, api: counting });
    },
  });
  return {
    url: server.url,
    apiBase: `${server.url}/api`,
    patchCount: () => patches,
    resetCount: () => {
      patches = 0;
    },
    server,
  };
}
