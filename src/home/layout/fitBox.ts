import { BOX_LIMITS, type Box } from '../../api/index.ts';

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** A position the server stores: an integer within BOX_LIMITS. */
export function fitPosition(value: number): number {
  return clamp(Math.round(value), BOX_LIMITS.minPosition, BOX_LIMITS.maxPosition);
}

/**
 * The size of a box `width` wide with the module's design `aspect` (width / height),
 * both sides integers within BOX_LIMITS. The width gives way first, so a box never
 * leaves its aspect to stay in bounds (only a design of a ratio beyond 480:1 would).
 */
export function sizeForWidth(width: number, aspect: number): { width: number; height: number } {
  const minWidth = Math.max(BOX_LIMITS.minSize, Math.ceil(BOX_LIMITS.minSize * aspect));
  const maxWidth = Math.min(BOX_LIMITS.maxSize, Math.floor(BOX_LIMITS.maxSize * aspect));
  const fitted = clamp(Math.round(width), minWidth, Math.max(minWidth, maxWidth));
  const fittedWidth = Math.min(fitted, BOX_LIMITS.maxSize);
  return { width: fittedWidth, height: clamp(Math.round(fittedWidth / aspect), BOX_LIMITS.minSize, BOX_LIMITS.maxSize) };
}

/** The size of a box `height` high with the module's design `aspect`: the width follows. */
export function sizeForHeight(height: number, aspect: number): { width: number; height: number } {
  return sizeForWidth(height * aspect, aspect);
}

/** `box` made storable: integer position and size within BOX_LIMITS, the aspect kept. */
export function fitBox(box: Box, aspect: number): Box {
  return { x: fitPosition(box.x), y: fitPosition(box.y), ...sizeForWidth(box.width, aspect) };
}
