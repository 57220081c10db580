/** Canvas pixels an arrow key moves the focused box: 1, or 10 with Shift. */
export const STEP = { fine: 1, coarse: 10 } as const;

const DIRECTIONS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** How far a key press moves a box, or null for a key that does not move it. */
export function keyboardStep(key: string, shiftKey: boolean): { dx: number; dy: number } | null {
  const direction = Object.hasOwn(DIRECTIONS, key) ? DIRECTIONS[key] : undefined;
  if (!direction) return null;
  const step = shiftKey ? STEP.coarse : STEP.fine;
  return { dx: direction[0] * step, dy: direction[1] * step };
}
