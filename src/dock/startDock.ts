import { effect, type ReadonlySignal } from '@preact/signals';
import type { ModuleEntry } from '../api/index.ts';
import { type ApiClient, createApiClient, createMediaClient, fetchTwitchState } from '../client/index.ts';
import { describeStartFailure, type OverlayParams, startOverlay } from '../runtime/index.ts';
import { createDockServices } from './createDockServices.ts';
import type { DockModel } from './DockModel.ts';
import { DockSession } from './DockSession.ts';
import { MediaLibraryModel } from './MediaLibraryModel.ts';
import { planDockSessions } from './planDockSessions.ts';
import { watchTwitchState } from './watchTwitchState.ts';

export interface DockStartOptions {
  catalog: ReadonlySignal<readonly ModuleEntry[]>;
  document: Document;
  /** @default an API client for `params.apiBase` */
  client?: ApiClient;
}

/** Opens what the dock's address names: one overlay start (in context `panel`) per kind. */
export async function startDock(params: OverlayParams, model: DockModel, options: DockStartOptions): Promise<void> {
  const client = options.client ?? createApiClient({ baseUrl: params.apiBase });
  let plans: OverlayParams[];
  try {
    plans = await planDockSessions(client, params);
  } catch (error) {
    model.fail(describeStartFailure(error, params, 'dock'));
    return;
  }
  const sessions: DockSession[] = [];
  const media = dockMediaLibrary(client, params, plans, sessions);
  sessions.push(...plans.map(() => new DockSession(options.catalog, options.document, media)));
  model.sessions.value = sessions;
  model.phase.value = 'running';
  watchTwitchOnce(model, sessions);
  await Promise.all(sessions.map((session, index) => runSession(session, plans[index]!, options)));
}

/**
 * The library the dock's pickers offer. Any of the streamer's tokens lists it;
 * only the website token uploads: a dock opened with it (its sessions run on
 * overlay ids exchanged for overlay tokens) may add files, one opened with an
 * overlay token or id lists them only.
 */
function dockMediaLibrary(client: ApiClient, params: OverlayParams, plans: readonly OverlayParams[], sessions: readonly DockSession[]): MediaLibraryModel {
  const website = 'token' in params.auth && plans.length > 0 && plans.every((plan) => 'overlay' in plan.auth);
  const running = () => sessions.map((session) => session.controller.peek()?.client).find(Boolean);
  return new MediaLibraryModel({
    list: () => createMediaClient({ api: website ? client : (running() ?? client) }).list(),
    upload: website ? (file, name) => createMediaClient({ api: client }).upload(file, name) : undefined,
  });
}

/** The Twitch line, read with the first running overlay's client (its token is one of the dock's user). */
function watchTwitchOnce(model: DockModel, sessions: readonly DockSession[]): void {
  // The dock lives as long as its page: the watch is never stopped.
  let watching = false;
  effect(() => {
    const controller = sessions.map((session) => session.controller.value).find(Boolean);
    if (!controller || watching) return;
    watching = true;
    watchTwitchState({
      read: () => fetchTwitchState({ client: controller.client }),
      show: (line) => {
        model.twitch.value = line;
      },
      setInterval: (fn, ms) => setInterval(fn, ms),
      clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
    });
  });
}

async function runSession(session: DockSession, params: OverlayParams, options: DockStartOptions): Promise<void> {
  const services = createDockServices({ catalog: options.catalog, panels: session.panels, document: options.document });
  const controller = await startOverlay(params, session.overlay, services);
  if (!controller) return;
  session.controller.value = controller;
  // Settings that could not be read at the start (offline) are read once the API answers.
  effect(() => {
    if (controller.layer.status.value.online) session.reloadIncomplete();
  });
}
