import './studio.css';
import { signal } from '@preact/signals';
import { createRef, render } from 'preact';
import { modules } from 'virtual:overlay-modules';
import { describeError, type ModuleEntry } from '../api/index.ts';
import { parseOverlayParams } from '../runtime/index.ts';
import { connectStudio } from './connectStudio.ts';
import { StudioApp } from './StudioApp.tsx';
import { StudioModel } from './StudioModel.ts';

/** Renders the studio into `#app` and, given an overlay address, runs that overlay on its stage. */
function bootStudio(): void {
  document.title = 'Overlay studio';
  // On both: the studio's CSS reaches <html> by its class, not by `:has()`, which Chromium 103 (OBS 29-30) lacks.
  document.documentElement.classList.add('studio-page');
  document.body.classList.add('studio-page');
  const parsed = parseOverlayParams(location.href, `${location.origin}/api`);
  const catalog = signal<readonly ModuleEntry[]>(modules, { name: 'catalog' });
  const studio = new StudioModel(catalog);
  const stage = createRef<HTMLDivElement>();
  const address = new URLSearchParams(location.search);
  // A bare /studio asks for an overlay without calling it an error.
  const error = parsed.ok ? null : location.search || location.hash ? parsed.error : '';
  const form = { error, overlay: address.get('overlay'), api: address.get('api') };
  render(<StudioApp studio={studio} stageRef={stage} address={form} />, document.getElementById('app')!);
  if (!parsed.ok) return;
  void connectStudio(studio, parsed.params, stage.current!).catch((error: unknown) => {
    studio.overlay.fail('studio', `cannot start: ${describeError(error)}`);
  });
  if (import.meta.hot) {
    import.meta.hot.on('overlay:modules', (next) => {
      catalog.value = next.modules;
    });
    import.meta.hot.on('overlay:module-changed', ({ id }) => studio.reload(id));
  }
}

bootStudio();
