import type { Row } from './Figure.ts';
import { summarize } from './summarize.ts';
import { meetsTarget, type Target } from './Target.ts';

export interface RowSpec {
  name: string;
  title: string;
  unit: string;
  /** The figure's samples, one per run. */
  samples: readonly number[];
  /**
   * The in-run baseline's samples; its median is the row's baseline. When there
   * is one per run, paired with `samples` (measured back to back), the ratio is
   * the median of the per-run ratios, which cancels the machine's drift between runs.
   */
  baseline?: readonly number[];
  /** A ratio computed by the figure itself (e.g. growth), when there is no baseline to divide by. */
  ratio?: number;
  target?: Target;
  /** Outcome of `target.also`. @default true */
  also?: boolean;
  note?: string;
}

/** Builds a table row: medians, min, max, the ratio to the baseline, and whether the target is met. */
export function makeRow(spec: RowSpec): Row {
  const own = summarize(spec.samples);
  const baseline = spec.baseline ? summarize(spec.baseline).median : null;
  const ratio = spec.ratio ?? ratioOf(spec.samples, spec.baseline);
  const target = spec.target ?? null;
  return {
    name: spec.name,
    title: spec.title,
    value: own.median,
    unit: spec.unit,
    min: own.min,
    max: own.max,
    runs: own.runs,
    baseline,
    ratio,
    target,
    met: target ? meetsTarget(target, own.median, ratio, spec.also ?? true) : null,
    note: spec.note,
  };
}

function ratioOf(samples: readonly number[], baseline: readonly number[] | undefined): number | null {
  if (!baseline) return null;
  if (baseline.length === samples.length) return summarize(samples.map((value, i) => value / baseline[i]!)).median;
  const median = summarize(baseline).median;
  return median === 0 ? null : summarize(samples).median / median;
}
