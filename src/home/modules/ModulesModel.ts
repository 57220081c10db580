import { computed, type ReadonlySignal } from '@preact/signals';
import { FAVS_OF, type Favourites, type Kind, type ModuleEntry, type Profile, type Selection } from '../../api/index.ts';
import type { HomeSession } from '../HomeSession.ts';
import { ProfileDraft } from './ProfileDraft.ts';

/** The single slots of `selected` (tools are a list). */
export type Slot = Exclude<Kind, 'tool'>;

/**
 * The Modules section: the installed modules by kind, the streamer's
 * selection and favourites, each change saved at once (`PUT /me/selected`,
 * `PUT /me/favs`, with `If-Match`).
 */
export class ModulesModel {
  readonly selection: ProfileDraft<Selection>;
  readonly favourites: ProfileDraft<Favourites>;
  /** Installed modules of each kind, in the catalog's order. */
  readonly byKind: ReadonlySignal<Record<Kind, readonly ModuleEntry[]>>;

  constructor(session: HomeSession) {
    this.selection = new ProfileDraft({ session, write: (value, etag) => session.client.profile.putSelection(value, etag), read: selectionOf, name: 'home.selection' });
    this.favourites = new ProfileDraft({ session, write: (value, etag) => session.client.profile.putFavourites(value, etag), read: favouritesOf, name: 'home.favourites' });
    this.byKind = computed(() => {
      const groups = { game: [], tool: [], background: [], event: [] } as Record<Kind, ModuleEntry[]>;
      for (const entry of session.catalog.value) groups[entry.kind].push(entry);
      return groups;
    });
  }

  /** Adds the tool at the end (on top) or removes it. */
  showTool(id: string, shown: boolean): Promise<void> {
    const current = this.selection.value.peek();
    if (!current) return Promise.resolve();
    const tools = current.tools.filter((tool) => tool !== id);
    return this.selection.change({ ...current, tools: shown ? [...tools, id] : tools }, `tool:${id}`);
  }

  /** Moves a selected tool one place up (-1, drawn earlier) or down (+1, drawn later). */
  moveTool(id: string, by: -1 | 1): Promise<void> {
    const current = this.selection.value.peek();
    const from = current?.tools.indexOf(id) ?? -1;
    const to = from + by;
    if (!current || from < 0 || to < 0 || to >= current.tools.length) return Promise.resolve();
    const tools = [...current.tools];
    [tools[from], tools[to]] = [tools[to]!, tools[from]!];
    return this.selection.change({ ...current, tools }, `tool:${id}`);
  }

  /** Puts a module in a single slot, or empties it (`""`). */
  choose(slot: Slot, id: string): Promise<void> {
    const current = this.selection.value.peek();
    if (!current) return Promise.resolve();
    return this.selection.change({ ...current, [slot]: id }, `slot:${slot}`);
  }

  isFavourite(entry: ModuleEntry): boolean {
    return this.favourites.value.value?.[FAVS_OF[entry.kind]].includes(entry.id) ?? false;
  }

  /** Marks a module as a favourite of its kind, or unmarks it. */
  favourite(entry: ModuleEntry, on: boolean): Promise<void> {
    const current = this.favourites.value.peek();
    if (!current) return Promise.resolve();
    const key = FAVS_OF[entry.kind];
    const ids = current[key].filter((id) => id !== entry.id);
    return this.favourites.change({ ...current, [key]: on ? [...ids, entry.id] : ids }, `fav:${entry.id}`);
  }
}

/** The profile's selection, as `PUT /me/selected` takes it (members the server added are not sent back). */
export function selectionOf(profile: Profile): Selection {
  const { game, tools, background, event } = profile.selected;
  return { game, tools: [...tools], background, event };
}

/** The profile's favourites, as `PUT /me/favs` takes them (ids only). */
export function favouritesOf(profile: Profile): Favourites {
  const ids = (list: readonly unknown[]) => list.filter((id): id is string => typeof id === 'string');
  return { games: ids(profile.favs.games), tools: ids(profile.favs.tools), backgrounds: ids(profile.favs.backgrounds), events: ids(profile.favs.events) };
}
