import { type ReadonlySignal, signal } from '@preact/signals';
import { createModuleIframe, type FrameFactory } from '../host/index.ts';

/** Height of a panel frame whose manifest names no `panelHeight`. */
export const DEFAULT_PANEL_HEIGHT = 200;

/** The panel frames of one overlay kind, by module id, for the sections to show. */
export interface PanelFrames {
  readonly frames: ReadonlySignal<ReadonlyMap<string, HTMLIFrameElement>>;
  /** The host's frame factory: makes the frame; a section puts it in place. */
  readonly create: FrameFactory;
}

/**
 * Panel frames are the module host's frames (sandboxed, `allow-scripts` only,
 * no referrer, the module's id and keys through the bridge) laid out in the
 * page's flow instead of on a stage: full width, focusable, titled
 * `<manifest name> controls`. The host creates them before the section that
 * shows them has rendered, so they wait in `frames` until a section adopts one.
 */
export function createPanelFrames(document: Document): PanelFrames {
  const frames = signal<ReadonlyMap<string, HTMLIFrameElement>>(new Map(), { name: 'dock.panelFrames' });
  const create: FrameFactory = (entry, instance) => {
    const iframe = createModuleIframe(document, entry, instance);
    // The overlay's frame is a fixed-size, unfocusable layer; a panel is a page the streamer uses.
    iframe.removeAttribute('style');
    iframe.removeAttribute('tabindex');
    iframe.removeAttribute('scrolling');
    iframe.className = 'panel-frame';
    iframe.title = `${entry.name} controls`;
    iframe.style.height = `${entry.panelHeight ?? DEFAULT_PANEL_HEIGHT}px`;
    frames.value = new Map(frames.peek()).set(entry.id, iframe);
    return {
      get window() {
        return iframe.contentWindow;
      },
      resize() {},
      destroy() {
        iframe.remove();
        if (frames.peek().get(entry.id) !== iframe) return;
        const next = new Map(frames.peek());
        next.delete(entry.id);
        frames.value = next;
      },
    };
  };
  return { frames, create };
}
