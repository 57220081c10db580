/** A row's goal: its ratio (or its value) at most or at least `limit`. */
export interface Target {
  of: 'ratio' | 'value';
  op: '<=' | '>=';
  limit: number;
  /** Extra condition shown with the target (e.g. "final values exact"). */
  also?: string;
}

/** Whether `row` meets `target`; `extra` is the outcome of `target.also`. */
export function meetsTarget(target: Target, value: number, ratio: number | null, extra = true): boolean {
  const measured = target.of === 'ratio' ? ratio : value;
  if (measured === null || !Number.isFinite(measured)) return false;
  const within = target.op === '<=' ? measured <= target.limit : measured >= target.limit;
  return within && extra;
}

/** `ratio <= 1.5`, `<= 4 KB`: how the table and the JSON file show a target. */
export function formatTarget(target: Target, unit: string): string {
  const subject = target.of === 'ratio' ? 'ratio ' : '';
  const limit = target.of === 'value' ? `${target.limit} ${unit}` : String(target.limit);
  const main = `${subject}${target.op === '<=' ? '<=' : '>='} ${limit}`;
  return target.also ? `${main}, ${target.also}` : main;
}
