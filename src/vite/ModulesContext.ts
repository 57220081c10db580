import { isAbsolute, relative } from 'node:path';
import { type Discovery, discoverModules } from './discoverModules.ts';
import { MODULE_CHANGED_EVENT, MODULES_EVENT } from './hmrEvents.ts';
import { isTestFile, type ModuleFileLocation, locateModuleFile } from './locateModuleFile.ts';
import type { ModuleCatalog } from './ModuleCatalog.ts';
import type { SdkFiles } from './options.ts';
import { SdkBundle } from './SdkBundle.ts';

export interface ModulesContextOptions {
  /** The Vite root; problem paths are relative to it. */
  root: string;
  /** Absolute module folders, in order of precedence. */
  dirs: string[];
  /** Absolute SDK source folder. */
  sdkDir: string;
  bundleSdk: () => Promise<SdkFiles>;
  /** @default console */
  logger?: ModulesLogger;
}

/** What the dev server gives the context to reach the page. */
export interface ModulesConnection {
  /** Sends a custom HMR event to the page. */
  send(event: string, data: unknown): void;
  /** Marks the virtual module stale after the catalog changed. */
  invalidate(): void;
}

export type FileEventType = 'create' | 'update' | 'delete';

export interface ModulesLogger {
  info(message: string): void;
  warn(message: string): void;
}

/** Owns the plugin's state: the catalog, the SDK bundle, and what a file change means. */
export class ModulesContext {
  readonly root: string;
  readonly dirs: readonly string[];
  readonly sdk: SdkBundle;
  readonly #sdkDir: string;
  readonly #logger: ModulesLogger;
  #discovery: Discovery = { modules: [], problems: [] };
  #scanning: Promise<void> = Promise.resolve();
  #connection: ModulesConnection = { send() {}, invalidate() {} };

  constructor(options: ModulesContextOptions) {
    this.root = options.root;
    this.dirs = options.dirs;
    this.#sdkDir = options.sdkDir;
    this.sdk = new SdkBundle(options.bundleSdk);
    this.#logger = options.logger ?? console;
  }

  /** The modules and problems of the last scan. */
  get catalog(): ModuleCatalog {
    return { modules: this.#discovery.modules.map((module) => module.entry), problems: this.#discovery.problems };
  }

  /** Absolute folder of a valid module; undefined for an unknown id. */
  moduleDir(id: string): string | undefined {
    return this.#discovery.modules.find((module) => module.entry.id === id)?.dir;
  }

  /** Tells the developer of something refused (e.g. a symlink out of a module folder). */
  warn(message: string): void {
    this.#logger.warn(message);
  }

  /** Routes catalog changes and module edits to the page from now on. */
  connect(connection: ModulesConnection): void {
    this.#connection = connection;
  }

  /** Reads the module folders again; warns once about each new problem. True when the catalog changed. */
  async scan(): Promise<boolean> {
    const before = JSON.stringify(this.catalog);
    const seen = new Set(this.#discovery.problems.map((problem) => `${problem.path}\n${problem.reason}`));
    this.#discovery = await discoverModules(this.dirs, this.root);
    for (const problem of this.#discovery.problems) {
      if (seen.has(`${problem.path}\n${problem.reason}`)) continue;
      this.#logger.warn(`[overlay-modules] skipped ${problem.path}: ${problem.reason}`);
    }
    return JSON.stringify(this.catalog) !== before;
  }

  /** Scans after any scan under way; a changed catalog invalidates the virtual module and is sent to the page. */
  rescan(): Promise<void> {
    this.#scanning = this.#scanning
      .then(async () => {
        if (!(await this.scan())) return;
        this.#logger.info(`[overlay-modules] module list changed: ${this.#discovery.modules.length} modules`);
        this.#connection.invalidate();
        this.#connection.send(MODULES_EVENT, this.catalog);
      })
      .catch((error) => this.#logger.warn(`[overlay-modules] scan failed: ${error}`));
    return this.#scanning;
  }

  /**
   * Acts on a watched file's change. True when the file belongs to a module
   * folder (the plugin handles it; Vite must not reload the page for it).
   */
  handleFileEvent(type: FileEventType, file: string): boolean {
    if (isInside(this.#sdkDir, file)) {
      this.#logger.info('[overlay-modules] SDK changed: rebundling, reloading every module frame');
      this.sdk.invalidate();
      for (const module of this.#discovery.modules) this.#moduleChanged(module.entry.id);
      return false;
    }
    const location = locateModuleFile(this.dirs, file);
    if (!location) return false;
    if (this.#affectsCatalog(type, location)) void this.rescan();
    else if (!isTestFile(location.rest)) {
      this.#logger.info(`[overlay-modules] ${location.id} changed: reloading its frame only`);
      this.#moduleChanged(location.id);
    }
    return true;
  }

  #affectsCatalog(type: FileEventType, { id, rest }: ModuleFileLocation): boolean {
    if (rest === '' || rest === 'module.json' || !this.moduleDir(id)) return true;
    // A panel.html that comes or goes changes the entry's `panel` too.
    return type !== 'update' && (rest === 'index.html' || rest === 'panel.html');
  }

  #moduleChanged(id: string): void {
    this.#connection.send(MODULE_CHANGED_EVENT, { id });
  }
}

function isInside(dir: string, file: string): boolean {
  const inside = relative(dir, file);
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside);
}
