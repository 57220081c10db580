import { effect, untracked } from '@preact/signals';
import { describeError } from '../api/index.ts';
import type { ModuleHost } from '../host/index.ts';
import { createOverlayServices, type OverlayController, type OverlayParams, startOverlay } from '../runtime/index.ts';
import { createDevApi, type DevApi } from './createDevApi.ts';
import { STUDIO_WRITER } from './DatabaseModel.ts';
import type { StudioModel } from './StudioModel.ts';

/** How often the inspector re-reads the server besides change events. @default 2 s */
export const DATABASE_REFRESH_MS = 2000;

/**
 * Runs the real overlay on the studio's stage (through the switchable fetch,
 * with traffic logged) and connects every panel to it and to the developer routes.
 */
export async function connectStudio(studio: StudioModel, params: OverlayParams, stage: HTMLElement): Promise<void> {
  const services = createOverlayServices({
    stage,
    catalog: studio.catalog,
    sync: studio.sync,
    onHost: (host) => watchHost(studio, host),
    fetch: studio.network.fetch,
    onTraffic: studio.traffic.record,
  });
  const [controller, dev] = await Promise.all([
    startOverlay(params, studio.overlay, services),
    createDevApi({ apiBase: params.apiBase, auth: params.auth }).then(
      (api) => ({ api }),
      (error: unknown) => ({ error }),
    ),
  ]);
  // A start that failed has said why already; the developer routes would only repeat it.
  if (!controller) return;
  studio.client.value = controller.client;
  effect(() => {
    studio.alertQueue.value = controller.alerts.view.value;
  });
  if (!('api' in dev)) return studio.overlay.report('studio', `developer routes unavailable: ${describeError(dev.error)}`);
  studio.data.value = controller.layer.data;
  connectDatabase(studio, controller, dev.api);
  await connectProfile(studio, controller, dev.api);
}

function watchHost(studio: StudioModel, host: ModuleHost): void {
  studio.host.value = host;
  studio.modules.watch(host);
  // An unmount reports no state of its own: re-read when the selection changes.
  effect(() => {
    studio.overlay.moduleIds.value;
    untracked(() => studio.modules.read(host));
  });
}

function connectDatabase(studio: StudioModel, controller: OverlayController, dev: DevApi): void {
  const { database } = studio;
  const { data, status } = controller.layer;
  database.source = {
    load: () => dev.listDatabase(),
    // As the "studio" module, addressing the key's owner: the owner hears a `change`.
    write: (moduleId, name, value) => data.set(STUDIO_WRITER, `${moduleId}:${name}`, value),
  };
  data.onChange((change) => {
    database.noteWrite(change);
    void database.refresh();
  });
  effect(() => {
    if (status.value.pending === 0) untracked(() => void database.settle());
  });
  setInterval(() => void database.refresh(), DATABASE_REFRESH_MS);
}

async function connectProfile(studio: StudioModel, controller: OverlayController, dev: DevApi): Promise<void> {
  const { profile } = studio;
  profile.save = async (draft) => {
    profile.load(await dev.saveProfile(draft), dev.kind);
    // A refresh already running (the 30 s one) may have read the profile before this save, and
    // `refresh()` hands that one back: the second call starts a read after the save.
    await controller.refresh();
    await controller.refresh();
  };
  try {
    profile.load(await dev.me(), dev.kind);
  } catch (error) {
    studio.overlay.report('profile', `cannot load the profile: ${describeError(error)}`);
  }
}
