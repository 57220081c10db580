import type { Favourites, Kind, Selection } from '../../../api/index.ts';
import type { ModuleCatalog } from '../../modules/index.ts';
import { checkMembers, checkModuleId, checkModuleList, invalid } from './checkModuleIds.ts';

/** Tools one overlay shows at most. */
export const MAX_SELECTED_TOOLS = 32;

/** Module ids per favourites list at most. */
export const MAX_FAVS = 256;

const SINGLE_SLOTS = ['game', 'background', 'event'] as const;

/** `PUT /me/selected`'s body: `""` or one module of the slot's kind in each single slot, tools ordered and each once. */
export function checkSelection(body: Record<string, unknown>, catalog: ModuleCatalog | undefined): Selection {
  checkMembers(body, ['game', 'tools', 'background', 'event'], 'selected');
  const single = (slot: (typeof SINGLE_SLOTS)[number]) => {
    const value = body[slot];
    if (typeof value !== 'string') throw invalid('selected', slot, 'must be a module id, or "" for none');
    return value === '' ? '' : checkModuleId(value, slot, catalog, 'selected', slot);
  };
  const tools = checkModuleList(body.tools, 'tool', catalog, 'selected', 'tools', MAX_SELECTED_TOOLS);
  return { game: single('game'), tools, background: single('background'), event: single('event') };
}

const FAV_KINDS: ReadonlyArray<[keyof Favourites, Kind]> = [
  ['games', 'game'],
  ['tools', 'tool'],
  ['backgrounds', 'background'],
  ['events', 'event'],
];

/** `PUT /me/favs`'s body: one list of module ids per kind, each id once. */
export function checkFavs(body: Record<string, unknown>, catalog: ModuleCatalog | undefined): Favourites {
  checkMembers(
    body,
    FAV_KINDS.map(([list]) => list),
    'favs',
  );
  const favs = {} as Favourites;
  for (const [list, kind] of FAV_KINDS) favs[list] = checkModuleList(body[list], kind, catalog, 'favs', list, MAX_FAVS);
  return favs;
}
