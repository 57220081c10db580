/**
 * About how many bytes a received message holds: string lengths, binary
 * sizes, 8 per other value. The walk stops once past `cap` (the caller only needs
 * to know it is over), so counting never costs much more than the clone did.
 */
export function messageBytes(data: unknown, cap = Number.POSITIVE_INFINITY): number {
  let total = 0;
  const stack: unknown[] = [data];
  const seen = new Set<object>();
  while (stack.length > 0 && total <= cap) {
    const value = stack.pop();
    total += sizeOf(value);
    if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value) || value instanceof ArrayBuffer || seen.has(value)) continue;
    seen.add(value);
    const children = value instanceof Map ? value.entries() : value instanceof Set ? value.values() : Array.isArray(value) ? value.values() : Object.entries(value).values();
    for (const child of children) {
      stack.push(child);
      if (stack.length * 8 + total > cap) break;
    }
  }
  return total;
}

function sizeOf(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return value.byteLength;
  if (typeof Blob !== 'undefined' && value instanceof Blob) return value.size;
  return 8;
}
