import type { BenchContext } from './BenchContext.ts';
import type { Target } from './Target.ts';

/** One line of the table (and of the JSON file). */
export interface Row {
  name: string;
  /** What the line measures, in a few words. */
  title: string;
  /** Median of the runs. */
  value: number;
  unit: string;
  min: number;
  max: number;
  /** Runs behind the median (after the warm-up). */
  runs: number;
  /** Median of the in-run baseline, in the same unit; null when the row has none. */
  baseline: number | null;
  /** value / baseline (the median of per-run ratios when paired), or a ratio the figure computed; null when the row has none. */
  ratio: number | null;
  target: Target | null;
  /** Whether the target is met; null when the row has no target. */
  met: boolean | null;
  /** Context printed under the table (e.g. what a miss is made of). */
  note?: string;
}

/**
 * One measurement: a file in `src/bench/figures/` whose default export is a
 * Figure. `rows` names what it produces, so `npm run bench -- <row>` finds it.
 */
export interface Figure {
  name: string;
  /** Place in the table; smaller first. */
  order: number;
  rows: string[];
  run(context: BenchContext): Promise<Row[]>;
}

/** A figure's name, its place in the table, and its rows: by default the one row named after the figure. */
export interface FigureHeading {
  name: string;
  order: number;
  rows?: string[];
}

/** The figure that `run` measures; each file of `src/bench/figures/` default-exports one. */
export function defineFigure({ name, order, rows = [name] }: FigureHeading, run: Figure['run']): Figure {
  return { name, order, rows, run };
}
