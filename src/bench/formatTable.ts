import type { Row } from './Figure.ts';
import { formatTarget } from './Target.ts';

const HEADER = ['figure', 'value', 'min .. max', 'baseline', 'ratio', 'target', 'met'];

/** A number with about three significant digits (whole numbers from 1000 up). */
export function formatNumber(value: number): string {
  const magnitude = Math.abs(value);
  if (magnitude >= 1000) return Math.round(value).toLocaleString('en-US');
  if (magnitude >= 100) return value.toFixed(0);
  if (magnitude >= 10) return value.toFixed(1);
  if (magnitude >= 1) return value.toFixed(2);
  return value.toPrecision(3);
}

function cells(row: Row): string[] {
  const unit = (value: number) => `${formatNumber(value)} ${row.unit}`;
  return [
    row.name,
    unit(row.value),
    row.runs > 1 ? `${formatNumber(row.min)} .. ${formatNumber(row.max)}` : '',
    row.baseline === null ? '' : unit(row.baseline),
    row.ratio === null ? '' : row.ratio.toFixed(2),
    row.target ? formatTarget(row.target, row.unit) : '',
    row.met === null ? '' : row.met ? 'yes' : 'NO',
  ];
}

/** The rows as a Markdown table (readable as is in a terminal), then each row's note. */
export function formatTable(rows: readonly Row[]): string {
  const body = rows.map(cells);
  const widths = HEADER.map((title, i) => Math.max(title.length, ...body.map((line) => line[i]!.length)));
  const line = (values: string[]) => `| ${values.map((value, i) => value.padEnd(widths[i]!)).join(' | ')} |`;
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`;
  const notes = rows.filter((row) => row.note).map((row) => `- ${row.name}: ${row.note}`);
  return [line(HEADER), rule, ...body.map(line), ...(notes.length > 0 ? ['', ...notes] : [])].join('\n');
}
