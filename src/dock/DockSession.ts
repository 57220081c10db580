import { computed, type ReadonlySignal, signal } from '@preact/signals';
import type { ModuleEntry } from '../api/index.ts';
import type { SyncStatus } from '../client/index.ts';
import { type OverlayController, OverlayModel } from '../runtime/index.ts';
import { createPanelFrames, type PanelFrames } from './createPanelFrames.ts';
import type { MediaLibraryModel } from './MediaLibraryModel.ts';
import { SettingsFormModel } from './SettingsFormModel.ts';

/**
 * The dock's view of one overlay kind: the same start as the overlay page
 * (token, profile, write queue, live changes, token renewal), with the
 * selected modules' panels instead of their overlay pages, and a settings
 * form per module.
 */
export class DockSession {
  /** Phase, kind, profile, selected modules and problems, as the overlay page has them. */
  readonly overlay = new OverlayModel((line) => console.warn(line.replace('[overlay]', '[dock]')));
  readonly controller = signal<OverlayController | null>(null, { name: 'dock.controller' });
  readonly panels: PanelFrames;
  /** The selected modules that exist, in the profile's order. */
  readonly entries: ReadonlySignal<ModuleEntry[]>;
  readonly status: ReadonlySignal<SyncStatus | null>;
  readonly pendingByModule: ReadonlySignal<ReadonlyMap<string, number>>;
  private readonly forms = new Map<string, SettingsFormModel>();

  constructor(
    readonly catalog: ReadonlySignal<readonly ModuleEntry[]>,
    private readonly document: Document,
    /** The streamer's media library, shared by every kind's session. */
    private readonly media?: MediaLibraryModel,
  ) {
    this.panels = createPanelFrames(document);
    this.entries = computed(() => {
      const known = new Map(this.catalog.value.map((entry) => [entry.id, entry]));
      return this.overlay.moduleIds.value.flatMap((id) => known.get(id) ?? []);
    });
    this.status = computed(() => this.controller.value?.layer.status.value ?? null);
    this.pendingByModule = computed(() => this.controller.value?.layer.queue.status.pendingByModule.value ?? new Map());
  }

  /** The settings form of a module, made once the data layer is running (null before). */
  formFor(entry: ModuleEntry): SettingsFormModel | null {
    const controller = this.controller.value;
    if (!controller) return null;
    let form = this.forms.get(entry.id);
    if (!form || !sameSettings(form, entry)) {
      form?.dispose();
      // A module's files sit beside its page (index.html, or panel.html in the dock).
      const page = new URL(entry.url, this.document.baseURI);
      form = new SettingsFormModel({ entry, data: controller.layer.data, media: this.media, fileUrl: (path) => new URL(path, page).href });
      this.forms.set(entry.id, form);
      void form.load();
    }
    return form;
  }

  /** Reads the settings that could not be read yet (the dock started offline). */
  reloadIncomplete(): void {
    for (const form of this.forms.values()) if (form.incomplete) void form.load();
  }
}

/** A manifest edit (hot reload) that changes the settings block gets a fresh form. */
function sameSettings(form: SettingsFormModel, entry: ModuleEntry): boolean {
  const names = Object.keys(entry.settings ?? {});
  return names.length === form.fields.length && form.fields.every((field, index) => field.name === names[index] && field.setting === entry.settings?.[field.name]);
}
