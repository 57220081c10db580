import { signal } from '@preact/signals-core';
import { loadSettings, modules, problems } from 'virtual:overlay-page-catalog';
import type { ModuleEntry } from '../api/index.ts';
import type { SyncStatus } from '../client/index.ts';
import type { ModuleHost } from '../host/index.ts';
import { createOverlayServices } from './createOverlayServices.ts';
import { fetchWithEarlyAnswers, takeEarlyRequests } from './fetchWithEarlyAnswers.ts';
import { OverlayModel } from './OverlayModel.ts';
import { parseOverlayParams } from './parseOverlayParams.ts';
import { startOverlay } from './startOverlay.ts';
import { watchVisibility } from './watchVisibility.ts';

/** Starts the overlay page in `#app` from the page's address. */
export function bootOverlayPage(): void {
  // index.html's inline script is taking the browser to the home page: nothing to start here.
  if (Reflect.has(globalThis, '__overlayGoesHome')) return;
  performance.mark('o:boot');
  const app = document.getElementById('app')!;
  const stage = document.createElement('div');
  stage.className = 'stage';
  stage.dataset.testid = 'stage';
  app.append(stage);
  const parsed = parseOverlayParams(location.href, `${location.origin}/api`);
  const debug = parsed.ok ? parsed.params.debug : /[?#&]debug=(1|true)\b/.test(location.href);
  const model = new OverlayModel();
  const sync = signal<SyncStatus | null>(null, { name: 'sync' });
  // Preact comes with the panel: the page on stream runs without it.
  if (debug) void import('./mountDebugPanel.tsx').then(({ mountDebugPanel }) => mountDebugPanel(app, model, sync));
  if (!parsed.ok) {
    model.fail('params', `bad overlay address: ${parsed.error}`);
    return;
  }
  for (const problem of problems) model.report(`manifest:${problem.path}`, `module skipped: ${problem.path}: ${problem.reason}`);
  const catalog = signal<readonly ModuleEntry[]>(modules, { name: 'catalog' });
  let host: ModuleHost | undefined;
  const early = takeEarlyRequests();
  const services = createOverlayServices({
    // The exchange and GET /me that index.html sent while this script loaded: their answers are taken over.
    ...(early.length > 0 && { fetch: fetchWithEarlyAnswers(globalThis.fetch, early) }),
    stage,
    catalog,
    loadSettings,
    sync,
    onHost: (created) => {
      host = created;
      watchVisibility(created);
    },
  });
  void startOverlay(parsed.params, model, services);
  if (import.meta.hot) {
    import.meta.hot.on('overlay:modules', (next) => {
      // Whole manifests: a module without settings has none, rather than some to load.
      catalog.value = next.modules.map((entry) => ({ ...entry, settings: entry.settings ?? {} }));
    });
    import.meta.hot.on('overlay:module-changed', ({ id }) => host?.reload(id));
  }
}
