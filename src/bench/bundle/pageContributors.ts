import { gzipSync } from 'node:zlib';
import { type SourceMap, type SourceSpan, sourceSpans } from './sourceSpans.ts';

/** What one package or source folder adds to a script. */
export interface Contributor {
  /** A package (`zod`, `@preact/signals-core`) or a folder of `src` (`src/client/queue`). */
  name: string;
  /** Gzipped bytes the script loses without it: the script's gzipped size minus that of the rest. */
  gzipBytes: number;
  /** Minified bytes of its own code in the script. */
  rawBytes: number;
  /** Its largest file, by minified bytes. */
  largestFile: string;
}

/**
 * Every contributor to a built script, largest first, from the script and its
 * source map. Gzip shares words across the whole file, so each contributor is
 * measured by leaving it out (the sizes do not add up to the total exactly).
 */
export function pageContributors(scripts: ReadonlyArray<{ code: string; map: SourceMap }>): Contributor[] {
  const spans = scripts.flatMap(({ code, map }) => sourceSpans(code, map));
  const total = gzipBytes(spans);
  const groups = new Map<string, SourceSpan[]>();
  for (const span of spans) {
    const name = groupOf(span.source);
    const group = groups.get(name) ?? [];
    group.push(span);
    groups.set(name, group);
  }
  return [...groups]
    .map(([name, own]) => ({
      name,
      gzipBytes: total - gzipBytes(spans.filter((span) => groupOf(span.source) !== name)),
      rawBytes: own.reduce((sum, span) => sum + span.text.length, 0),
      largestFile: largestFile(own),
    }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

/** A source's package (`node_modules/<name>` or `<@scope/name>`), else its folder under the project; `(bundler)` for unmapped code. */
export function groupOf(source: string | null): string {
  if (source === null) return '(bundler)';
  const path = source.replaceAll('\\', '/');
  const packaged = path.lastIndexOf('node_modules/');
  if (packaged !== -1) {
    const parts = path.slice(packaged + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const own = path.lastIndexOf('src/');
  if (own === -1) return path;
  const parts = path.slice(own).split('/');
  return parts.slice(0, Math.min(3, parts.length - 1)).join('/');
}

function largestFile(spans: SourceSpan[]): string {
  const sizes = new Map<string, number>();
  for (const { source, text } of spans) sizes.set(source ?? '', (sizes.get(source ?? '') ?? 0) + text.length);
  const [file] = [...sizes].sort((a, b) => b[1] - a[1])[0]!;
  return file.split('/').pop() ?? file;
}

function gzipBytes(spans: SourceSpan[]): number {
  return gzipSync(spans.map((span) => span.text).join('')).length;
}
