/** Size of the area the modules share, in CSS pixels. */
export interface Box {
  width: number;
  height: number;
}

/**
 * Scales a frame of its design size to fit `box` (contain: the whole module
 * stays visible, aspect kept) and centres it. An empty box leaves it unscaled.
 */
export function fitFrame(frame: HTMLElement, design: Box, box: Box): void {
  frame.style.width = `${design.width}px`;
  frame.style.height = `${design.height}px`;
  if (box.width <= 0 || box.height <= 0) {
    frame.style.transform = '';
    return;
  }
  const scale = Math.min(box.width / design.width, box.height / design.height);
  const x = (box.width - design.width * scale) / 2;
  const y = (box.height - design.height * scale) / 2;
  frame.style.transform = `translate(${x}px, ${y}px) scale(${scale})`;
}
