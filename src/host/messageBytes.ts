/**
 * Values a message may hold before it counts as over any budget. Messages of the
 * bridge are small (the SDK sends a value as JSON text); only junk is bigger, and
 * the limit also ends the walk of a message that refers to itself.
 */
export const MAX_MESSAGE_NODES = 10_000;

/**
 * About how many bytes a received message holds: string lengths, binary sizes,
 * 8 per other value. The walk stops once past `cap` or past MAX_MESSAGE_NODES
 * values (then it answers more than `cap`), so counting costs little next to
 * the clone the browser already made.
 */
export function messageBytes(data: unknown, cap = Number.MAX_SAFE_INTEGER): number {
  let total = 0;
  let nodes = 0;
  const stack: unknown[] = [data];
  while (stack.length > 0) {
    if (total > cap) return total;
    if (++nodes > MAX_MESSAGE_NODES) return cap + 1;
    const value = stack.pop();
    if (typeof value === 'string') total += value.length;
    else if (typeof value !== 'object' || value === null) total += 8;
    else if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) total += value.byteLength;
    else if (typeof Blob !== 'undefined' && value instanceof Blob) total += value.size;
    else {
      total += 8;
      const size = Array.isArray(value) ? value.length : value instanceof Map || value instanceof Set ? value.size : 0;
      if (size > MAX_MESSAGE_NODES) return cap + 1;
      if (value instanceof Map || value instanceof Set) for (const each of value) stack.push(each);
      else if (Array.isArray(value)) for (const each of value) stack.push(each);
      else for (const name in value) stack.push(name, (value as Record<string, unknown>)[name]);
    }
  }
  return total;
}
