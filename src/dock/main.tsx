import './dock.css';
import { signal } from '@preact/signals';
import { render } from 'preact';
import { modules, problems } from 'virtual:overlay-modules';
import type { ModuleEntry } from '../api/index.ts';
import { parseOverlayParams } from '../runtime/index.ts';
import { DockApp } from './DockApp.tsx';
import { DockModel } from './DockModel.ts';
import { startDock } from './startDock.ts';

const registry = signal<readonly ModuleEntry[]>(modules, { name: 'registry' });
const model = new DockModel();
render(<DockApp model={model} />, document.getElementById('app')!);
for (const problem of problems) console.warn(`[dock] module skipped: ${problem.path}: ${problem.reason}`);
const parsed = parseOverlayParams(location.href, `${location.origin}/api`);
if (parsed.ok) void startDock(parsed.params, model, { registry, document });
else model.fail(`bad dock address: ${parsed.error}`);

if (import.meta.hot) {
  import.meta.hot.on('overlay:modules', (next) => {
    registry.value = next.modules;
  });
  import.meta.hot.on('overlay:module-changed', ({ id }) => {
    for (const session of model.sessions.peek()) session.controller.peek()?.host.reload(id);
  });
}
