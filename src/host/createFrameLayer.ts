import type { ModuleEntry } from '../api/index.ts';
import { createModuleIframe } from './createModuleIframe.ts';
import { type Box, fitFrame } from './fitFrame.ts';
import type { FrameFactory, ModuleFrame } from './ModuleFrame.ts';

/** The host's own layer inside the page's container, holding every module frame. */
export interface FrameLayer {
  createFrame: FrameFactory;
  destroy(): void;
}

/** Adds a transparent layer filling `container`; frames in it are rescaled when it resizes. */
export function createFrameLayer(container: HTMLElement): FrameLayer {
  const document = container.ownerDocument;
  const layer = document.createElement('div');
  layer.dataset.moduleHost = '';
  Object.assign(layer.style, { position: 'relative', width: '100%', height: '100%', overflow: 'hidden' });
  container.append(layer);
  const rescalers = new Set<(box: Box) => void>();
  let box: Box = { width: layer.clientWidth, height: layer.clientHeight };
  const stopWatching = watchSize(layer, (next) => {
    box = next;
    for (const rescale of rescalers) rescale(box);
  });

  // A restarted frame is appended again; z-index keeps each module at the layer it first had.
  const stacking = new Map<string, number>();
  const createFrame = (entry: ModuleEntry, instance: string): ModuleFrame => {
    const iframe = createModuleIframe(document, entry, instance);
    if (!stacking.has(entry.id)) stacking.set(entry.id, stacking.size + 1);
    iframe.style.zIndex = String(stacking.get(entry.id));
    let design: Box = { width: entry.width, height: entry.height };
    const rescale = (area: Box) => fitFrame(iframe, design, area);
    rescale(box);
    rescalers.add(rescale);
    layer.append(iframe);
    return {
      get window() {
        return iframe.contentWindow;
      },
      resize(width, height) {
        design = { width, height };
        rescale(box);
      },
      destroy() {
        rescalers.delete(rescale);
        iframe.remove();
      },
    };
  };
  const destroy = () => {
    stopWatching();
    layer.remove();
  };
  return { createFrame, destroy };
}

/** Reports the element's size on every change; window resizes where ResizeObserver is missing. */
function watchSize(element: HTMLElement, onSize: (box: Box) => void): () => void {
  const view = element.ownerDocument.defaultView;
  const Observer = (view as { ResizeObserver?: typeof ResizeObserver } | null)?.ResizeObserver;
  if (Observer) {
    const observer = new Observer(([entry]) => {
      if (entry) onSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }
  const measure = () => onSize({ width: element.clientWidth, height: element.clientHeight });
  view?.addEventListener('resize', measure);
  return () => view?.removeEventListener('resize', measure);
}
