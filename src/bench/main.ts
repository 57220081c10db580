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
  const machine = describeMachine();
  let failed = 0;
  const startedAt = Date.now();
  try {
    for (const figure of selected) {
      const result = await runFigure(figure, context);
      if (!result) failed++;
      rows.push(...(result ?? []).filter((row) => args.names.length === 0 || args.names.some((name) => selects(name, row.name) || selects(name, figure.name))));
    }
  } finally {
    await context.close();
  }
  machine.loadAtEnd = loadavg()[0]!;
  console.log(`${formatTable(rows)}\n\n${formatMachine(machine)}`);
  log(`done in ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
  if (args.jsonPath) await writeFile(args.jsonPath, `${JSON.stringify({ ...toJsonReport(rows), machine }, null, 2)}\n`);
  return failed > 0 ? 1 : 0;
}

/** Runs one figure; a failure is logged and the others still run. */
async function runFigure(figure: Figure, context: BenchContext): Promise<Row[] | null> {
  const startedAt = Date.now();
  log(`${figure.name} ...`);
  try {
    const rows = await figure.run(context);
    log(`${figure.name}: ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
    return rows;
  } catch (error) {
    log(`${figure.name} FAILED: ${(error as Error).stack ?? error}`);
    return null;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`bench: ${(error as Error).message}`);
    process.exit(2);
  },
);
