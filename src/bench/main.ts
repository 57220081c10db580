/**
 * `npm run bench`: every figure next to its in-run baseline, printed as a
 * table (and written as JSON with `--json <file>`). See docs/performance.md
 * for what each row means.
 */
import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { BenchContext } from './BenchContext.ts';
import { describeMachine, formatMachine } from './describeMachine.ts';
import type { Figure, Row } from './Figure.ts';
import { formatTable } from './formatTable.ts';
import { loadFigures, selectFigures, selects } from './loadFigures.ts';
import { BENCH_USAGE, parseBenchArgs } from './parseBenchArgs.ts';
import { toJsonReport } from './toJsonReport.ts';

const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

async function main(argv: string[]): Promise<number> {
  const args = parseBenchArgs(argv);
  const figures = await loadFigures();
  if (args.help) {
    console.log(`${BENCH_USAGE}\n\nnames: ${figures.map((f) => `${f.name} (${f.rows.join(', ')})`).join('\n       ')}`);
    return 0;
  }
  const selected = selectFigures(figures, args.names);
  const context = new BenchContext({ log });
  const rows: Row[] = [];
  const unmeasured: Unmeasured[] = [];
  const machine = describeMachine();
  const startedAt = Date.now();
  const wanted = (figure: Figure, row: string) => args.names.length === 0 || args.names.some((name) => selects(name, row) || selects(name, figure.name));
  try {
    for (const figure of selected) {
      const result = await runFigure(figure, context);
      if (typeof result === 'string') unmeasured.push(...figure.rows.filter((row) => wanted(figure, row)).map((row) => ({ row, why: result })));
      else rows.push(...result.filter((row) => wanted(figure, row.name)));
    }
  } finally {
    await context.close();
  }
  // A row without a number (NaN from a failed reading) was not measured either.
  for (const row of rows.filter((each) => !Number.isFinite(each.value))) unmeasured.push({ row: row.name, why: `no value (${row.value})` });
  machine.loadAtEnd = loadavg()[0]!;
  console.log(`${formatTable(rows.filter((row) => Number.isFinite(row.value)))}\n\n${formatMachine(machine)}`);
  log(`done in ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
  if (args.jsonPath) await writeFile(args.jsonPath, `${JSON.stringify({ ...toJsonReport(rows), unmeasured, machine }, null, 2)}\n`);
  if (unmeasured.length === 0) return 0;
  // Last, on stderr and in the exit code: a table with a row missing must not pass for a complete one.
  console.error(`\nbench FAILED: ${unmeasured.length} row(s) could not be measured and are missing from the table:`);
  for (const { row, why } of unmeasured) console.error(`  ${row}: ${why}`);
  return 1;
}

/** A row the run asked for and could not measure, and why. */
interface Unmeasured {
  row: string;
  why: string;
}

/** Runs one figure; a failure is logged, its first line returned, and the others still run. */
async function runFigure(figure: Figure, context: BenchContext): Promise<Row[] | string> {
  const startedAt = Date.now();
  log(`${figure.name} ...`);
  try {
    const rows = await figure.run(context);
    log(`${figure.name}: ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
    return rows;
  } catch (error) {
    log(`${figure.name} FAILED: ${(error as Error).stack ?? error}`);
    return (error as Error).message?.split('\n')[0] ?? String(error);
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`bench: ${(error as Error).message}`);
    process.exit(2);
  },
);
