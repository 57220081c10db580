import { createOverlay } from './createOverlay.ts';
import type { OverlayApi } from './overlay.d.ts';

const scope = globalThis as unknown as { Overlay?: OverlayApi };

function instanceFromHash(): string | null {
  return new URLSearchParams(location.hash.slice(1)).get('instance');
}

/**
 * The page's one Overlay: if /sdk.js and /sdk.mjs are both loaded, the second
 * reuses the first, so the host sees a single session per page.
 */
export const Overlay: OverlayApi =
  scope.Overlay ??
  createOverlay({
    parent: window.parent,
    self: window,
    instance: instanceFromHash(),
    // Fired at the element or document, and bubbles up to the window.
    watchRefusals: (report) =>
      window.addEventListener('securitypolicyviolation', (event) => report({ directive: event.effectiveDirective, url: event.blockedURI })),
    // Once the parser is done, the page's classic and module scripts have run, and with them the listeners they add.
    scriptsRan: document.readyState === 'loading' ? new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve)) : undefined,
    timers: { now: () => performance.now(), setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (handle) => clearTimeout(handle as number) },
  });
scope.Overlay = Overlay;
