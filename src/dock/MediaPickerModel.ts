import { computed, type ReadonlySignal, signal } from '@preact/signals';
import type { MediaItem, MediaSettingType } from '../api/index.ts';
import type { MediaLibraryModel } from './MediaLibraryModel.ts';
import type { SettingFieldModel } from './SettingFieldModel.ts';

/** One choice of a media picker: its stored value, what the list shows, and where its preview comes from. */
export interface MediaChoice {
  value: string;
  label: string;
  /** The file's URL for a preview; '' for none. */
  url: string;
}

/**
 * A media setting in the dock: the choices (`None`, the module's own default
 * file, the library's files of the setting's kind), the one in use, and
 * `upload`, which adds a file and picks it in one step. A refused file is
 * explained in `uploadError` and nothing is written.
 */
export class MediaPickerModel {
  readonly choices: ReadonlySignal<MediaChoice[]>;
  /** The choice in use; an id no longer in the library shows as the default, which is what the module reads. */
  readonly chosen: ReadonlySignal<MediaChoice>;
  readonly uploading = signal(false, { name: 'media.uploading' });
  readonly uploadError = signal<string | null>(null, { name: 'media.uploadError' });

  constructor(
    readonly field: SettingFieldModel,
    readonly library: MediaLibraryModel | undefined,
    /** The absolute URL of a file of the module's folder, for the default's preview. */
    fileUrl: (path: string) => string,
  ) {
    const kind = field.setting.type as MediaSettingType;
    const fallback = String(field.setting.default);
    const none: MediaChoice = { value: '', label: 'None', url: '' };
    const own: MediaChoice[] = fallback === '' ? [] : [{ value: fallback, label: `Default (${fallback.slice(fallback.lastIndexOf('/') + 1)})`, url: fileUrl(fallback) }];
    this.choices = computed(() => {
      const items = (library?.items.value ?? []).filter((item) => item.kind === kind);
      return [none, ...own, ...items.map((item: MediaItem) => ({ value: item.id, label: item.name, url: item.url }))];
    });
    this.chosen = computed(() => {
      const value = field.value.value;
      const choices = this.choices.value;
      return choices.find((choice) => choice.value === value) ?? choices.find((choice) => choice.value === fallback) ?? none;
    });
  }

  pick(value: string): void {
    this.uploadError.value = null;
    this.field.input(value);
  }

  /** Adds `file` to the library and picks it; a refused file (type, size, quota) or one of another kind is explained, not picked. */
  async upload(file: File): Promise<void> {
    if (!this.library) return;
    this.uploading.value = true;
    this.uploadError.value = null;
    try {
      const item = await this.library.upload(file);
      const kind = this.field.setting.type;
      if (item.kind !== kind) {
        this.uploadError.value = `${item.name} is ${item.kind === 'image' ? 'an image' : `a ${item.kind}`}, not ${kind === 'image' ? 'an image' : `a ${kind}`}: it was added to the library but not picked`;
        return;
      }
      this.pick(item.id);
    } catch (error) {
      this.uploadError.value = `${file.name} was not added: ${error instanceof Error ? error.message : String(error)}`;
    } finally {
      this.uploading.value = false;
    }
  }
}
