import { computed, type ReadonlySignal, signal } from '@preact/signals';
import type { MediaItem, MediaList } from '../../api/index.ts';
import { failItem, markItem } from '../itemMarks.ts';
import type { MediaClient } from '../../client/index.ts';
import { formatSize } from './formatSize.ts';

/** A file the API did not take, and its reason in the API's words. */
export interface MediaRefusal {
  name: string;
  message: string;
}

/** What an upload sends: a file (a `File` from the input or a drop) or any named blob. */
export type MediaFile = Blob & { readonly name: string };

export interface MediaModelOptions {
  /** The media calls (`createMediaClient` over the page's API and token). */
  client: MediaClient;
  /** The tab's token was refused (401, 403): reading the profile again signs the page out and says why. */
  onRefused: () => Promise<void> | void;
}

/**
 * The Media section: the streamer's media library (`GET /me/media`), files added one at a
 * time (`POST /me/media`, from the file input or a drop) and deleted after asking
 * (`DELETE /me/media/<id>`). The server decides what a file is and whether it fits; a refused
 * file is listed with the API's own message, never guessed at here.
 */
export class MediaModel {
  /** The files (newest first), the bytes they take and the quota; null before the first read. */
  readonly library = signal<MediaList | null>(null, { name: 'home.media' });
  /** The server has no media library (404 at `GET /me/media`). */
  readonly absent = signal(false, { name: 'home.media.absent' });
  /** Why the library could not be read. */
  readonly error = signal<string | null>(null, { name: 'home.media.error' });
  /** The names of the files waiting or being sent, in order. */
  readonly sending = signal<readonly string[]>([], { name: 'home.media.sending' });
  /** The files of the last uploads the API refused, with its reasons. */
  readonly refusals = signal<readonly MediaRefusal[]>([], { name: 'home.media.refusals' });
  /** The id of the file whose deletion is being asked about. */
  readonly confirming = signal<string | null>(null, { name: 'home.media.confirming' });
  /** Ids whose deletion is under way. */
  readonly deleting = signal<ReadonlySet<string>>(new Set(), { name: 'home.media.deleting' });
  /** Why a deletion failed, by id. */
  readonly failures = signal<Readonly<Record<string, string>>>({}, { name: 'home.media.failures' });
  /** What the last upload or deletion did, for the section's status line. */
  readonly notice = signal<string | null>(null, { name: 'home.media.notice' });
  /** `12.3 MB of 250 MB used`; null before the first read. */
  readonly usage: ReadonlySignal<string | null> = computed(() => {
    const library = this.library.value;
    return library && `${formatSize(library.bytes)} of ${formatSize(library.quota)} used`;
  });
  private readonly client: MediaClient;
  private readonly onRefused: () => Promise<void> | void;
  /** Uploads go one after another, so each is checked against the quota the previous ones left. */
  private queue: Promise<void> = Promise.resolve();
  /** Counts the library's versions: a read started before an upload or a deletion answers with a list older than it. */
  private version = 0;

  constructor({ client, onRefused }: MediaModelOptions) {
    this.client = client;
    this.onRefused = onRefused;
  }

  /** Reads the library; a server without it (404) is `absent`, a refused token signs out. */
  async load(): Promise<void> {
    const version = ++this.version;
    try {
      const library = await this.client.list();
      // Stale: an upload or deletion since (or a later read) already says more than this answer.
      if (version !== this.version) return;
      this.library.value = library;
      this.absent.value = false;
      this.error.value = null;
    } catch (error) {
      if (statusOf(error) === 404) {
        this.absent.value = true;
        this.error.value = null;
      } else if (isRefusedToken(error)) await this.onRefused();
      else this.error.value = `The media library could not be read: ${describe(error)}.`;
    }
  }

  /** Adds files, one at a time; the refusals of the earlier uploads make way for this one's. Resolves when all are sent. */
  upload(files: readonly MediaFile[]): Promise<void> {
    if (files.length === 0) return this.queue;
    this.refusals.value = [];
    this.notice.value = null;
    this.sending.value = [...this.sending.peek(), ...files.map((file) => file.name)];
    for (const file of files) this.queue = this.queue.then(() => this.send(file));
    return this.queue;
  }

  /** Asks before deleting a file (the view shows the question). */
  ask(id: string | null): void {
    this.confirming.value = id;
  }

  /** Deletes a file; one gone already (404) leaves the list too. Its bytes leave the quota. */
  async remove(id: string): Promise<void> {
    const item = this.library.peek()?.items.find((each) => each.id === id);
    if (!item || this.deleting.peek().has(id)) return;
    this.confirming.value = null;
    this.notice.value = null;
    markItem(this.deleting, id, true);
    failItem(this.failures, id, null);
    try {
      await this.client.remove(id);
      this.drop(item);
    } catch (error) {
      if (statusOf(error) === 404) this.drop(item);
      else if (isRefusedToken(error)) await this.onRefused();
      else failItem(this.failures, id, `Not deleted: ${describe(error)}.`);
    } finally {
      markItem(this.deleting, id, false);
    }
  }

  private async send(file: MediaFile): Promise<void> {
    try {
      await this.add(await this.client.upload(file, file.name));
    } catch (error) {
      if (isRefusedToken(error)) await this.onRefused();
      else this.refusals.value = [...this.refusals.peek(), { name: file.name, message: describe(error) }];
    } finally {
      const [, ...rest] = this.sending.peek();
      this.sending.value = rest;
    }
  }

  private async add(item: MediaItem): Promise<void> {
    this.notice.value = `Added ${item.name}.`;
    const library = this.library.peek();
    // Not read yet (its first read failed): the quota is unknown, so the library is read whole.
    if (!library) return this.load();
    // A read under way now answers with a list from before this file: it is not taken.
    this.version += 1;
    // A read of the library that answered meanwhile may list it already.
    if (!library.items.some((each) => each.id === item.id)) {
      this.library.value = { ...library, items: [item, ...library.items], bytes: library.bytes + item.bytes };
    }
  }

  private drop(item: MediaItem): void {
    this.version += 1;
    const library = this.library.peek();
    if (library?.items.some((each) => each.id === item.id)) {
      this.library.value = { ...library, items: library.items.filter((each) => each.id !== item.id), bytes: Math.max(0, library.bytes - item.bytes) };
    }
    this.notice.value = `Deleted ${item.name}.`;
  }
}

const statusOf = (error: unknown): number | null => (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number' ? error.status : null);
const isRefusedToken = (error: unknown) => statusOf(error) === 401 || statusOf(error) === 403;
const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));
