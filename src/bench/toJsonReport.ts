import type { Row } from './Figure.ts';
import { formatTarget } from './Target.ts';

/** One figure as the JSON file holds it; `baseline`, `ratio`, `target` and `met` are null where a row has none. */
export interface JsonFigure {
  name: string;
  value: number;
  unit: string;
  baseline: number | null;
  ratio: number | null;
  target: string | null;
  met: boolean | null;
  min: number;
  max: number;
  runs: number;
}

/** `{"figures": [...]}` as `npm run bench -- --json <file>` writes it. */
export function toJsonReport(rows: readonly Row[]): { figures: JsonFigure[] } {
  return {
    figures: rows.map((row) => ({
      name: row.name,
      value: row.value,
      unit: row.unit,
      baseline: row.baseline,
      ratio: row.ratio,
      target: row.target ? formatTarget(row.target, row.unit) : null,
      met: row.met,
      min: row.min,
      max: row.max,
      runs: row.runs,
    })),
  };
}
