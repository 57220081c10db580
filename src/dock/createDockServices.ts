import { computed, type ReadonlySignal, signal } from '@preact/signals';
import type { ModuleEntry } from '../api/index.ts';
import type { SyncStatus } from '../client/index.ts';
import { createModuleHost, type ModuleHost } from '../host/index.ts';
import { createOverlayServices, type OverlayServices } from '../runtime/index.ts';
import type { PanelFrames } from './createPanelFrames.ts';

export interface DockServicesOptions {
  catalog: ReadonlySignal<readonly ModuleEntry[]>;
  panels: PanelFrames;
  document: Document;
}

/**
 * The overlay page's services (API client, IndexedDB queue, profile cache),
 * with a module host that runs each selected module's `panel.html` in
 * context `panel` instead of its overlay page.
 */
export function createDockServices({ catalog, panels, document }: DockServicesOptions): OverlayServices {
  const base = createOverlayServices({
    // The dock has no stage: its frames go in the modules' sections (createHost below).
    stage: document.createElement('div'),
    catalog,
    sync: signal<SyncStatus | null>(null),
    // An open dock must not use up the events an overlay started later would hand over as missed.
    eventReader: 'dock',
  });
  return {
    ...base,
    catalog: computed(() => panelEntries(catalog.value)),
    createHost: (options) =>
      panelsOnly(createModuleHost({ ...options, container: document.body, context: 'panel', createFrame: panels.create })),
  };
}

/**
 * The catalog as the dock runs it: every module stays known (no "unknown module" for one
 * without a panel), the page URL is the panel's, and none is a member of the alert queue:
 * the dock never joins it (docs/alerts-queue.md).
 */
export function panelEntries(entries: readonly ModuleEntry[]): ModuleEntry[] {
  return entries.map(({ alerts: _alerts, ...entry }) => (entry.panel ? { ...entry, url: entry.panel } : entry));
}

/** A host that mounts only the modules that have a panel. */
function panelsOnly(host: ModuleHost): ModuleHost {
  return {
    ...host,
    mount: (entry) => {
      if (entry.panel) host.mount(entry);
    },
    sync: (entries) => host.sync(entries.filter((entry) => entry.panel)),
  };
}
