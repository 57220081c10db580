import { signal } from '@preact/signals';
import { describeError, isMediaSettingType, type Json, type ModuleEntry } from '../api/index.ts';
import type { ModuleData } from '../client/index.ts';
import type { MediaLibraryModel } from './MediaLibraryModel.ts';
import { MediaPickerModel } from './MediaPickerModel.ts';
import { SettingFieldModel } from './SettingFieldModel.ts';

export interface SettingsFormOptions {
  /** The module whose settings are shown (its manifest's `settings` block). */
  entry: Pick<ModuleEntry, 'id' | 'settings'>;
  /** The data layer of the module's (user, kind): writes go through its offline queue. */
  data: ModuleData;
  /**
   * The id the form writes as, addressing the module's key as `<id>:<name>`,
   * so the module hears the change like any write from elsewhere.
   * @default 'dock'
   */
  writer?: string;
  /** Where a write that could not even be queued is said. @default console.error */
  log?: (message: string) => void;
  /** The streamer's media library, for media settings' pickers. @default none: they offer None and the default */
  media?: MediaLibraryModel;
  /** The absolute URL of a file of the module's folder (a media setting's default). @default the path itself */
  fileUrl?: (path: string) => string;
}

/** The settings form of one module: a field per declared setting, kept in step with the data layer. */
export class SettingsFormModel {
  readonly moduleId: string;
  readonly fields: SettingFieldModel[];
  /** The picker of each media setting, by name. */
  readonly pickers: ReadonlyMap<string, MediaPickerModel>;
  /** Why the last write could not be queued (bad key, storage failure), or null. */
  readonly writeError = signal<string | null>(null, { name: 'settings.writeError' });
  private readonly byName: Map<string, SettingFieldModel>;
  private readonly data: ModuleData;
  private readonly writer: string;
  private readonly stopListening: () => void;

  constructor({ entry, data, writer = 'dock', log = console.error, media, fileUrl = (path) => path }: SettingsFormOptions) {
    this.moduleId = entry.id;
    this.data = data;
    this.writer = writer;
    this.fields = Object.entries(entry.settings ?? {}).map(
      ([name, setting]) => new SettingFieldModel(name, setting, (value) => this.write(name, value, log)),
    );
    this.byName = new Map(this.fields.map((field) => [field.name, field]));
    const pickers = this.fields.filter((field) => isMediaSettingType(field.setting.type));
    this.pickers = new Map(pickers.map((field) => [field.name, new MediaPickerModel(field, media, fileUrl)]));
    if (pickers.length > 0) void media?.load();
    this.stopListening = data.onChange((change) => {
      if (change.moduleId === this.moduleId) this.byName.get(change.name)?.receive(change.value);
    });
  }

  /** Reads every setting not read yet; one that cannot be read now (offline) keeps its default until the next call. */
  async load(): Promise<void> {
    await Promise.all(
      this.fields.map((field) =>
        field.load(() => this.data.get(this.writer, this.keyOf(field.name))).catch(() => {
          // Not known yet (offline, never confirmed): the default shows meanwhile.
        }),
      ),
    );
  }

  /** True when some setting is still unread. */
  get incomplete(): boolean {
    return this.fields.some((field) => !field.loaded.peek());
  }

  field(name: string): SettingFieldModel | undefined {
    return this.byName.get(name);
  }

  dispose(): void {
    this.stopListening();
  }

  private write(name: string, value: Json, log: (message: string) => void): void {
    this.data.set(this.writer, this.keyOf(name), value).then(
      () => {
        this.writeError.value = null;
      },
      (error: unknown) => {
        const reason = describeError(error);
        this.writeError.value = `${name} not saved: ${reason}`;
        log(`[dock] ${this.moduleId}:${name} not saved: ${reason}`);
      },
    );
  }

  private keyOf(name: string): string {
    return `${this.moduleId}:${name}`;
  }
}
