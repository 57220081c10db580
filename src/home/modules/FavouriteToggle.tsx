import type { ModuleEntry } from '../../api/index.ts';
import { DraftNote } from './DraftNote.tsx';
import type { ModulesModel } from './ModulesModel.ts';

/** The toggle `Favourite <name>` of a module (`aria-pressed`), saved into `favs`. */
export function FavouriteToggle({ model, entry }: { model: ModulesModel; entry: ModuleEntry }) {
  const on = model.isFavourite(entry);
  return (
    <>
      <button type="button" class="favourite" aria-pressed={on} aria-label={`Favourite ${entry.name}`} onClick={() => void model.favourite(entry, !on)}>
        <span aria-hidden="true">{on ? '★' : '☆'}</span> Favourite
      </button>
      <DraftNote draft={model.favourites} control={`fav:${entry.id}`} />
    </>
  );
}
