/**
 * Calls `onChange` when OBS puts the page's browser source in or out of its
 * program output: OBS dispatches `obsSourceActiveChanged` with `{active}` on the
 * window (only in OBS; `window.obsstudio` is its other sign). Outside OBS, or
 * until OBS says otherwise, the page counts as active (docs/obs-engines.md).
 */
export function watchObsActive(onChange: (active: boolean) => void, win: Window = window): () => void {
  const onActive = (event: Event) => {
    const active = (event as CustomEvent<{ active?: unknown }>).detail?.active;
    if (typeof active === 'boolean') onChange(active);
  };
  win.addEventListener('obsSourceActiveChanged', onActive);
  return () => win.removeEventListener('obsSourceActiveChanged', onActive);
}
