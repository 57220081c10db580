import { type Box, type Boxes, boxOf, CANVAS_HEIGHT, CANVAS_WIDTH, type ModuleEntry } from '../api/index.ts';
import { createModuleIframe } from './createModuleIframe.ts';
import { type Area, fitFrame, type Size } from './fitFrame.ts';
import type { FrameFactory, ModuleFrame } from './ModuleFrame.ts';

/** Where the frames sit: the stored boxes (a module without one sits in its default box), and the stacking order. */
export interface Arrangement {
  /** @default the last given, at first none (every module in its default box) */
  boxes?: Boxes;
  /** Module ids, the last on top. @default the last given */
  order?: readonly string[];
}

/** The host's own layer inside the page's container, holding every module frame. */
export interface FrameLayer {
  createFrame: FrameFactory;
  /** Moves the frames to their boxes and restacks them, without reloading any. */
  arrange(arrangement: Arrangement): void;
  destroy(): void;
}

const CANVAS: Size = { width: CANVAS_WIDTH, height: CANVAS_HEIGHT };

/**
 * Adds a transparent layer filling `container` with the 1920x1080 canvas in it,
 * scaled to fit (again whenever the layer resizes). Each frame sits in its box
 * on the canvas, scaled from its design size, aspect kept.
 */
export function createFrameLayer(container: HTMLElement): FrameLayer {
  const document = container.ownerDocument;
  const layer = document.createElement('div');
  layer.dataset.moduleHost = '';
  Object.assign(layer.style, { position: 'relative', width: '100%', height: '100%', overflow: 'hidden' });
  const canvas = document.createElement('div');
  // Absolutely positioned without left and top: at its static place, the layer's top left corner.
  Object.assign(canvas.style, { position: 'absolute', transformOrigin: '0 0' });
  layer.append(canvas);
  container.append(layer);
  const stopWatching = watchSize(layer, (area) => fitFrame(canvas, CANVAS, area));
  const placers = new Set<() => void>();
  let boxes: Boxes = {};
  let order: readonly string[] = [];

  const createFrame = (entry: ModuleEntry, instance: string): ModuleFrame => {
    const iframe = createModuleIframe(document, entry, instance);
    let design = entry;
    const box = (): Box => boxOf(boxes, design);
    const place = () => {
      fitFrame(iframe, design, box());
      iframe.style.zIndex = String(order.indexOf(entry.id) + 1);
    };
    place();
    placers.add(place);
    canvas.append(iframe);
    return {
      get window() {
        return iframe.contentWindow;
      },
      get box() {
        return box();
      },
      dataset: iframe.dataset,
      resize(width, height) {
        design = { ...design, width, height };
        place();
      },
      destroy() {
        placers.delete(place);
        iframe.remove();
      },
    };
  };
  const arrange = (next: Arrangement) => {
    boxes = next.boxes ?? boxes;
    order = next.order ?? order;
    for (const place of placers) place();
  };
  const destroy = () => {
    stopWatching();
    layer.remove();
  };
  return { createFrame, arrange, destroy };
}

/** Reports the element's content box (at 0, 0: the layer has no padding) once observed and on every change (every browser source has ResizeObserver: Chromium 64+). */
function watchSize(element: HTMLElement, onSize: (area: Area) => void): () => void {
  const view = element.ownerDocument.defaultView as typeof globalThis;
  const observer = new view.ResizeObserver(([entry]) => {
    if (entry) onSize(entry.contentRect);
  });
  observer.observe(element);
  return () => observer.disconnect();
}
