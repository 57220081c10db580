/** One function of V8's block coverage (what Playwright's `stopJSCoverage` returns per script). */
export interface FunctionCoverage {
  ranges: ReadonlyArray<{ startOffset: number; endOffset: number; count: number }>;
}

/**
 * The characters of `source` that ran at least once, in order. V8 lists a
 * function's range first and the blocks inside it after, each nested range
 * overriding the one around it (a branch never taken has count 0 inside a
 * function that ran), so the ranges are painted in the order given.
 */
export function executedCode(source: string, functions: readonly FunctionCoverage[]): string {
  return paint(source, functions.flatMap(({ ranges }) => ranges));
}

/**
 * The characters of `source` left once every function that was never called
 * is taken out whole, branches not taken kept: the page script if loading on
 * demand went as far as whole functions can (a function's own range is the
 * first of its ranges). The gap to `executedCode` is code inside functions
 * that ran, which only a rewrite of those functions removes.
 */
export function calledCode(source: string, functions: readonly FunctionCoverage[]): string {
  return paint(source, functions.flatMap(({ ranges }) => ranges.slice(0, 1)));
}

function paint(source: string, ranges: FunctionCoverage['ranges']): string {
  const ran = new Uint8Array(source.length);
  for (const { startOffset, endOffset, count } of ranges) ran.fill(count > 0 ? 1 : 0, startOffset, endOffset);
  let text = '';
  let start = -1;
  for (let index = 0; index <= source.length; index++) {
    const on = index < source.length && ran[index] === 1;
    if (on && start === -1) start = index;
    if (!on && start !== -1) {
      text += source.slice(start, index);
      start = -1;
    }
  }
  return text;
}
