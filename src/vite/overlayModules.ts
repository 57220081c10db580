import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { MODULE_ORIGIN_META } from '../api/index.ts';
import { connectDevServer } from './connectDevServer.ts';
import { depScanEntries } from './depScanEntries.ts';
import { emitBuildFiles } from './emitBuildFiles.ts';
import type { ModuleReloadFilter } from './filterModuleReloads.ts';
import { ModulesContext } from './ModulesContext.ts';
import { type OverlayModulesOptions, resolveModuleDirs, resolveOptions } from './options.ts';
import { VIRTUAL_MODULES } from './virtualModule.ts';

/**
 * Discovers `<dir>/<id>/module.json`, gives the page the catalog as
 * `virtual:overlay-modules`, serves module files and the SDK in dev (with
 * `overlay:modules` / `overlay:module-changed` HMR events) and emits them in builds.
 */
export function overlayModules(options: OverlayModulesOptions = {}): Plugin {
  const settings = resolveOptions(options);
  let context: ModulesContext | undefined;
  let reloads: ModuleReloadFilter | undefined;
  let isBuild = false;
  // configResolved runs before every other hook.
  const current = () => context!;

  return {
    name: 'overlay-modules',
    config(config) {
      const root = resolve(config.root ?? process.cwd());
      const entries = depScanEntries(config, root, resolveModuleDirs(root, settings));
      // A module folder holding `root -> /` would make the watcher crawl the whole
      // disk; symlinks that lead out are never served, so nothing needs watching there.
      const watch = { server: { watch: { followSymlinks: false } } };
      return entries ? { ...watch, optimizeDeps: { entries } } : watch;
    },
    async configResolved(config) {
      isBuild = config.command === 'build';
      context = new ModulesContext({
        root: config.root,
        dirs: resolveModuleDirs(config.root, settings),
        sdkDir: resolve(config.root, settings.sdkDir),
        bundleSdk: settings.bundleSdk,
        logger: config.logger,
      });
      await context.scan();
    },
    resolveId(id) {
      return Object.hasOwn(VIRTUAL_MODULES, id) ? VIRTUAL_MODULES[id]!.resolved : undefined;
    },
    load(id) {
      const virtual = Object.values(VIRTUAL_MODULES).find(({ resolved }) => resolved === id);
      return virtual?.render(current().catalog);
    },
    configureServer(server) {
      reloads = connectDevServer(current(), server);
    },
    hotUpdate({ type, file }) {
      if (this.environment.name !== 'client') return;
      if (!current().handleFileEvent(type, file)) {
        reloads?.clear();
        return;
      }
      if (file.endsWith('.html')) reloads?.expect(file);
      return [];
    },
    transformIndexHtml() {
      // Read by the page at start (createOverlayServices); `npm start --module-origin` rewrites it.
      if (!settings.moduleOrigin) return undefined;
      return [{ tag: 'meta', attrs: { name: MODULE_ORIGIN_META, content: settings.moduleOrigin }, injectTo: 'head' }];
    },
    async generateBundle() {
      if (!isBuild || this.environment.name !== 'client') return;
      await emitBuildFiles(current(), (asset) => this.emitFile(asset));
    },
  };
}
