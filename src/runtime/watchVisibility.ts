import type { ModuleHost } from '../host/index.ts';

/**
 * Tells modules when the overlay is shown or hidden: the page's visibility, and
 * OBS's own `obsSourceVisibleChanged` event (a browser source stays "visible" to
 * the page while its scene is not on air).
 */
export function watchVisibility(host: Pick<ModuleHost, 'emit'>, win: Window = window): () => void {
  const onVisibility = () => host.emit(win.document.visibilityState === 'hidden' ? 'hidden' : 'visible');
  const onObs = (event: Event) => {
    const visible = (event as CustomEvent<{ visible?: boolean }>).detail?.visible;
    if (typeof visible === 'boolean') host.emit(visible ? 'visible' : 'hidden');
  };
  win.document.addEventListener('visibilitychange', onVisibility);
  win.addEventListener('obsSourceVisibleChanged', onObs);
  return () => {
    win.document.removeEventListener('visibilitychange', onVisibility);
    win.removeEventListener('obsSourceVisibleChanged', onObs);
  };
}
