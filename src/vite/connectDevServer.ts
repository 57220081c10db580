import type { ViteDevServer } from 'vite';
import { filterModuleReloads, type ModuleReloadFilter } from './filterModuleReloads.ts';
import { locateModuleFile } from './locateModuleFile.ts';
import { PAGE_CSP } from './moduleFileHeaders.ts';
import { moduleFilesMiddleware } from './moduleFilesMiddleware.ts';
import type { ModulesContext } from './ModulesContext.ts';
import { RESOLVED_VIRTUAL_IDS } from './virtualModule.ts';

/**
 * Wires the context into a dev server: HMR events and virtual-module
 * invalidation, the watcher on every module folder, the file middleware.
 * Returns the filter that keeps module page edits from reloading the page.
 */
export function connectDevServer(context: ModulesContext, server: ViteDevServer): ModuleReloadFilter {
  const client = server.environments.client;
  context.connect({
    send: (event, data) => client.hot.send(event, data),
    invalidate: () => {
      for (const id of RESOLVED_VIRTUAL_IDS) {
        const virtual = client.moduleGraph.getModuleById(id);
        if (virtual) client.moduleGraph.invalidateModule(virtual);
      }
    },
  });
  // Folders outside the root (OVERLAY_MODULE_DIRS) are not watched otherwise.
  server.watcher.add([...context.dirs]);
  const onFolder = (dir: string) => {
    if (locateModuleFile(context.dirs, dir)?.rest === '') void context.rescan();
  };
  server.watcher.on('addDir', onFolder);
  server.watcher.on('unlinkDir', onFolder);
  server.middlewares.use((_req, res, next) => {
    // Module files replace it with their sandbox policy.
    res.setHeader('Content-Security-Policy', PAGE_CSP);
    next();
  });
  server.middlewares.use(moduleFilesMiddleware(context));
  return filterModuleReloads(client, context.root);
}
