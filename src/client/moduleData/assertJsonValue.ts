import { jsonByteLength, LIMITS, OverlayError } from '../../api/index.ts';

/** Deeper values are refused: they cost stack on every side and no module needs them. */
const MAX_DEPTH = 256;

/**
 * Throws `BAD_REQUEST` unless `value` is plain JSON that round-trips exactly
 * (no undefined, NaN/Infinity, functions, symbols, bigints, Dates, Maps, class
 * instances, sparse arrays or cycles), and `TOO_LARGE` beyond `LIMITS.valueBytes`.
 */
export function assertJsonValue(value: unknown, maxBytes: number = LIMITS.valueBytes): void {
  checkNode(value, [], 0);
  const bytes = jsonByteLength(value);
  if (bytes > maxBytes) {
    throw new OverlayError('TOO_LARGE', `value is ${bytes} bytes of JSON; the limit is ${maxBytes}`);
  }
}

function checkNode(value: unknown, ancestors: object[], depth: number): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) refuse(`${value} is not a JSON number`);
    return;
  }
  if (typeof value !== 'object') refuse(`a ${typeof value} is not JSON`);
  if (depth >= MAX_DEPTH) refuse(`nested deeper than ${MAX_DEPTH} levels`);
  if (ancestors.includes(value)) refuse('it contains a cycle');
  ancestors.push(value);
  if (Array.isArray(value)) checkArray(value, ancestors, depth);
  else checkObject(value, ancestors, depth);
  ancestors.pop();
}

function checkArray(value: unknown[], ancestors: object[], depth: number): void {
  for (let i = 0; i < value.length; i++) {
    if (!(i in value)) refuse('a sparse array is not JSON');
    checkNode(value[i], ancestors, depth + 1);
  }
}

function checkObject(value: object, ancestors: object[], depth: number): void {
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) refuse('only plain objects and arrays are JSON');
  if (Object.getOwnPropertySymbols(value).length > 0) refuse('symbol keys are not JSON');
  for (const [key, member] of Object.entries(value)) {
    if (member === undefined) refuse(`"${key.slice(0, 40)}" is undefined`);
    checkNode(member, ancestors, depth + 1);
  }
}

function refuse(reason: string): never {
  throw new OverlayError('BAD_REQUEST', `value must be JSON: ${reason}`);
}
