/** A size in CSS pixels. */
export interface Size {
  width: number;
  height: number;
}

/** An area in CSS pixels; `x` and `y` place its top left corner in its parent. */
export interface Area extends Size {
  x: number;
  y: number;
}

/**
 * Scales an element of its design size to fit `area` (contain: all of it stays
 * visible, aspect kept) and centres it there. An empty area leaves it unscaled.
 */
export function fitFrame(frame: HTMLElement, design: Size, area: Area): void {
  frame.style.width = `${design.width}px`;
  frame.style.height = `${design.height}px`;
  const scale = Math.min(area.width / design.width, area.height / design.height);
  const x = area.x + (area.width - design.width * scale) / 2;
  const y = area.y + (area.height - design.height * scale) / 2;
  frame.style.transform = scale > 0 ? `translate(${x}px, ${y}px) scale(${scale})` : '';
}
