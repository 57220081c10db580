import '../theme/dark.css';
import './dock.css';
import { signal } from '@preact/signals';
import { render } from 'preact';
import { modules, problems } from 'virtual:overlay-modules';
import type { ModuleEntry } from '../api/index.ts';
import { parseOverlayParams } from '../runtime/index.ts';
import { DockApp } from './DockApp.tsx';
import { DockModel } from './DockModel.ts';
import { startDock } from './startDock.ts';

const catalog = signal<readonly ModuleEntry[]>(modules, { name: 'catalog' });
const model = new DockModel();
const parsed = parseOverlayParams(location.href, `${location.origin}/api`);
render(<DockApp model={model} homeHref={homeHref(parsed.ok ? parsed.params.apiBase : null)} />, document.getElementById('app')!);
for (const problem of problems) console.warn(`[dock] module skipped: ${problem.path}: ${problem.reason}`);
if (parsed.ok) void startDock(parsed.params, model, { catalog, document });
else model.fail(`bad dock address: ${parsed.error}`);

if (import.meta.hot) {
  import.meta.hot.on('overlay:modules', (next) => {
    catalog.value = next.modules;
  });
  import.meta.hot.on('overlay:module-changed', ({ id }) => {
    for (const session of model.sessions.peek()) session.controller.peek()?.host.reload(id);
  });
}

/** The home page beside the dock, with the dock's `api=` when it is not this site's `/api`. */
function homeHref(apiBase: string | null): string {
  const home = new URL('home', location.href);
  home.search = '';
  home.hash = '';
  if (apiBase && apiBase !== `${location.origin}/api`) home.searchParams.set('api', apiBase);
  return home.href;
}
