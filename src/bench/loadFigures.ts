import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Figure } from './Figure.ts';

const FOLDER = new URL('./figures/', import.meta.url);

/**
 * Every figure in `src/bench/figures/` (each file's default export), in table
 * order: adding a row to the bench is adding one file there.
 */
export async function loadFigures(): Promise<Figure[]> {
  const files = (await readdir(fileURLToPath(FOLDER))).filter((file) => file.endsWith('.ts')).sort();
  const figures = await Promise.all(
    files.map(async (file) => {
      const figure = ((await import(new URL(file, FOLDER).href)) as { default?: Figure }).default;
      if (!figure?.name || typeof figure.run !== 'function') throw new Error(`src/bench/figures/${file}: no default-exported Figure`);
      return figure;
    }),
  );
  return figures.sort((a, b) => a.order - b.order);
}

/** True when `name` (as typed after `npm run bench --`) selects the row or figure `candidate`. */
export function selects(name: string, candidate: string): boolean {
  return candidate === name || candidate.startsWith(`${name}.`);
}

/** The figures that produce a selected row; throws naming an unknown name. */
export function selectFigures(figures: Figure[], names: readonly string[]): Figure[] {
  if (names.length === 0) return figures;
  const unknown = names.filter((name) => !figures.some((figure) => matches(figure, name)));
  if (unknown.length > 0) {
    const known = figures.flatMap((figure) => [figure.name, ...figure.rows]);
    throw new Error(`unknown bench name${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; known: ${[...new Set(known)].join(', ')}`);
  }
  return figures.filter((figure) => names.some((name) => matches(figure, name)));
}

function matches(figure: Figure, name: string): boolean {
  return selects(name, figure.name) || figure.rows.some((row) => selects(name, row));
}
