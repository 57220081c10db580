/** What a `Range` header asks of a file of `size` bytes (RFC 9110, 14.2). */
export type ByteRange = { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * One range of bytes (`bytes=a-b`, `bytes=a-`, `bytes=-n`), clamped to the file. A header this
 * server does not take (another unit, several ranges, bad syntax) is ignored, as the RFC allows:
 * the whole file is answered. A range that starts past the end cannot be satisfied (416).
 */
export function byteRange(header: string | null, size: number): ByteRange {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'whole' };
  const [first, last] = [match[1]!, match[2]!];
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) return { kind: 'unsatisfiable' };
  if (end < start) return { kind: 'whole' };
  return { kind: 'part', start, end };
}
