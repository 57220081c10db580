const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/** A source map as a build writes it (version 3): only what `sourceSpans` reads. */
export interface SourceMap {
  sources: string[];
  mappings: string;
}

/** A run of generated code and the source file it came from (`null`: code the bundler wrote). */
export interface SourceSpan {
  source: string | null;
  text: string;
}

/**
 * The generated code cut at every mapping, each piece named by its source: a
 * segment runs from its column to the next segment (or the line's end).
 */
export function sourceSpans(code: string, map: SourceMap): SourceSpan[] {
  const lines = code.split('\n');
  const spans: SourceSpan[] = [];
  let source = 0;
  map.mappings.split(';').forEach((line, row) => {
    const text = lines[row] ?? '';
    let column = 0;
    const starts: Array<{ column: number; source: string | null }> = [];
    for (const segment of line.split(',')) {
      if (segment === '') continue;
      const fields = decodeVlq(segment);
      column += fields[0]!;
      if (fields.length > 1) source += fields[1]!;
      starts.push({ column, source: fields.length > 1 ? (map.sources[source] ?? null) : null });
    }
    for (const [i, start] of starts.entries()) {
      spans.push({ source: start.source, text: text.slice(start.column, starts[i + 1]?.column ?? text.length) });
    }
  });
  return spans;
}

/** One segment's fields (Base64 VLQ: 5 bits a digit, continuation bit 32, sign in the lowest bit). */
function decodeVlq(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`source map: ${JSON.stringify(char)} is not a Base64 digit`);
    value += (digit & 31) * 2 ** shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value % 2 === 1 ? -Math.floor(value / 2) : value / 2);
    value = 0;
    shift = 0;
  }
  return values;
}
