import type { ModuleEntry } from '../api/index.ts';

/**
 * The sandboxed frame of a module: scripts only (never `allow-same-origin`, so the
 * page has an opaque origin and cannot reach the parent), no referrer (the
 * overlay address may hold the token), transparent, no scrollbars. Its size and place are the frame layer's (fitFrame) or the dock's.
 */
export function createModuleIframe(document: Document, entry: ModuleEntry, instance: string): HTMLIFrameElement {
  const iframe = document.createElement('iframe');
  iframe.setAttribute('sandbox', 'allow-scripts');
  iframe.setAttribute('referrerpolicy', 'no-referrer');
  iframe.setAttribute('allow', '');
  iframe.setAttribute('scrolling', 'no'); // obsolete, but older CEF builds still show scrollbars without it
  iframe.setAttribute('allowtransparency', 'true');
  iframe.setAttribute('tabindex', '-1');
  iframe.title = entry.name;
  iframe.dataset.moduleId = entry.id;
  // Absolutely positioned (hence a block) without left and top: at the canvas's top left corner, placed by its transform.
  Object.assign(iframe.style, {
    position: 'absolute',
    border: '0',
    background: 'transparent',
    overflow: 'hidden',
    transformOrigin: '0 0',
  });
  iframe.src = moduleUrl(entry.url, document.baseURI, instance);
  return iframe;
}

/** The module page with `#instance=<id>`: a fragment never reaches the server or a referrer. */
export function moduleUrl(url: string, base: string, instance: string): string {
  const target = new URL(url, base);
  target.hash = `instance=${instance}`;
  return target.href;
}
