import type { Plugin } from 'vite';

/** What the bundler tells of a module (the part of Rolldown's `ModuleInfo` read here). */
export interface ModuleGraph {
  getModuleIds(): Iterable<string>;
  getModuleInfo(id: string): { isEntry: boolean; importedIds: readonly string[] } | null;
}

/**
 * The modules the overlay page loads at start (its entry's static imports, recursively) that
 * another page's start loads too: what the page shares. `isPageEntry` picks the page's entry.
 */
export function sharedWithOverlayPage(graph: ModuleGraph, isPageEntry: (id: string) => boolean): Set<string> {
  const entries = [...graph.getModuleIds()].filter((id) => graph.getModuleInfo(id)?.isEntry);
  const page = staticClosure(graph, entries.filter(isPageEntry));
  const others = staticClosure(graph, entries.filter((id) => !isPageEntry(id)));
  return new Set([...page].filter((id) => others.has(id)));
}

function staticClosure(graph: ModuleGraph, from: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...from];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * One chunk for everything the overlay page shares with the other pages (the studio, the dock,
 * the home page), so the page loads its entry and this one chunk. Left to itself, the bundler
 * splits shared code by the set of pages that reach it: the home page reaches only part of what
 * the overlay shares with the dock and the studio (zod, the API's schemas and errors), and the
 * overlay page would load two shared chunks and pay for the seam between them (their exports,
 * imports and a second compression context: 1.1 KB gzipped). The other pages load the whole
 * chunk, as the dock and the studio always did; what is loaded on demand stays out of it.
 *
 * The page reaches every module of a door it imports; a module that only declares (`declaresOnly`)
 * is therefore not taken for itself but as a dependency of the modules taken, which the bundler
 * follows through the imports that tree-shaking kept: a schema of `src/api` that only the home
 * page uses stays out of the page's chunk.
 */
export function overlaySharedChunk({ page, declaresOnly }: { page: string; declaresOnly: (id: string) => boolean }): Plugin {
  let shared = new Set<string>();
  const isPageEntry = (id: string) => id.replace(/\\/g, '/').endsWith(`/${page}`);
  return {
    name: 'overlay-shared-chunk',
    apply: 'build',
    buildEnd() {
      shared = sharedWithOverlayPage(this, isPageEntry);
    },
    outputOptions(options) {
      const codeSplitting = typeof options.codeSplitting === 'object' ? options.codeSplitting : {};
      const group = { name: 'overlay', test: (id: string) => shared.has(id) && !declaresOnly(id) };
      return { ...options, codeSplitting: { ...codeSplitting, groups: [...(codeSplitting.groups ?? []), group] } };
    },
  };
}
