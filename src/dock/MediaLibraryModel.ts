import { signal } from '@preact/signals';
import { describeError, type MediaItem } from '../api/index.ts';
import type { MediaClient } from '../client/index.ts';

export interface MediaLibraryOptions {
  /** Lists the library: any token of the streamer (the dock's overlay token will do). */
  list: MediaClient['list'];
  /** Adds a file; absent when the dock holds no website token, the only one that may upload. */
  upload?: MediaClient['upload'];
}

/**
 * The streamer's media library as the dock's pickers see it: one list for every
 * module of every kind, read once and extended by each upload.
 */
export class MediaLibraryModel {
  /** The files, newest first; null until the first answer. */
  readonly items = signal<readonly MediaItem[] | null>(null, { name: 'media.items' });
  /** Why the library could not be listed, or null. */
  readonly error = signal<string | null>(null, { name: 'media.error' });
  readonly canUpload: boolean;
  private reading: Promise<void> | null = null;

  constructor(private readonly options: MediaLibraryOptions) {
    this.canUpload = options.upload !== undefined;
  }

  /** Lists the library unless a read is under way or done; a failed read may be tried again. */
  load(): Promise<void> {
    this.reading ??= this.options.list().then(
      (list) => {
        this.items.value = list.items;
        this.error.value = null;
      },
      (error: unknown) => {
        this.reading = null;
        this.error.value = `The media library cannot be read: ${describeError(error)}`;
      },
    );
    return this.reading;
  }

  /**
   * Lists the library again (a picker got focus): files added elsewhere since, on
   * the home page or another dock, show up without reloading the dock.
   */
  refresh(): Promise<void> {
    if (this.items.peek() !== null) this.reading = null;
    return this.load();
  }

  /** Adds a file and lists it first; rejects with the API's reason (a refused type, over the quota). */
  async upload(file: File): Promise<MediaItem> {
    if (!this.options.upload) throw new Error('Uploading needs the website token');
    const item = await this.options.upload(file, file.name);
    this.items.value = [item, ...(this.items.peek() ?? []).filter((known) => known.id !== item.id)];
    return item;
  }
}
