import { computed, type Signal, signal } from '@preact/signals';
import type { ModuleEntry } from '../api/index.ts';
import { type AlertQueueView, type ApiClient, createMediaClient, type ModuleData, type SyncStatus } from '../client/index.ts';
import { MediaLibraryModel } from '../dock/index.ts';
import type { ModuleHost } from '../host/index.ts';
import { OverlayModel } from '../runtime/index.ts';
import { DatabaseModel } from './DatabaseModel.ts';
import { ModuleListModel } from './ModuleListModel.ts';
import { NetworkModel } from './NetworkModel.ts';
import { ProfileEditorModel } from './ProfileEditorModel.ts';
import { TrafficLogModel } from './TrafficLogModel.ts';

export type Visibility = 'visible' | 'hidden';

/** Everything the studio shows, one small model per panel; views only read it and call its methods. */
export class StudioModel {
  /** The overlay on stage: phase, kind, profile, problems (the page's own model). */
  readonly overlay = new OverlayModel();
  readonly sync = signal<SyncStatus | null>(null, { name: 'sync' });
  readonly network = new NetworkModel();
  readonly modules = new ModuleListModel();
  readonly traffic = new TrafficLogModel();
  readonly database = new DatabaseModel(this.sync);
  readonly profile = new ProfileEditorModel();
  readonly host = signal<ModuleHost | null>(null, { name: 'studio.host' });
  /** The overlay's data layer once it runs: the settings form writes through it. */
  readonly data = signal<ModuleData | null>(null, { name: 'studio.data' });
  /** The overlay's API client once it runs: the test buttons post events with it. */
  readonly client = signal<ApiClient | null>(null, { name: 'studio.client' });
  /**
   * The streamer's media library for the settings form's pickers, listed with the
   * overlay's token. That token may not upload: files are added on the home page.
   */
  readonly media = computed(() => {
    const client = this.client.value;
    return client ? new MediaLibraryModel({ list: () => createMediaClient({ api: client }).list() }) : null;
  });
  /** The overlay's alert queue (showing, waiting, paused, muted); null while no module on stage declares `alerts`. */
  readonly alertQueue = signal<AlertQueueView | null>(null, { name: 'studio.alertQueue' });
  /** The module whose frame lies on top of the stage and gets the pointer, or null for the host's order. */
  readonly front = signal<string | null>(null, { name: 'studio.front' });
  /** The last event sent with the visible/hidden buttons. */
  readonly visibility = signal<Visibility>('visible', { name: 'studio.visibility' });

  constructor(readonly catalog: Signal<readonly ModuleEntry[]>) {}

  /** Sends `visible` or `hidden` to every module on stage. */
  emit(name: Visibility): void {
    this.host.peek()?.emit(name);
    this.visibility.value = name;
  }

  /** Puts a module's frame on top (module frames cover the whole stage, so only the top one gets clicks). */
  bringToFront(id: string): void {
    this.front.value = id;
  }

  /** Reloads one module's frame. */
  reload(id: string): void {
    this.host.peek()?.reload(id);
  }
}
