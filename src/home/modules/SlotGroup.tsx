import { useId } from 'preact/hooks';
import type { ModuleEntry } from '../../api/index.ts';
import { DraftNote } from './DraftNote.tsx';
import { ModuleItem } from './ModuleItem.tsx';
import type { ModulesModel, Slot } from './ModulesModel.ts';

const TITLES: Record<Slot, string> = { game: 'Game', background: 'Background', event: 'Event' };

/** A single slot (game, background, event): a radio group named after it, one radio per module, plus `None`. */
export function SlotGroup({ model, slot }: { model: ModulesModel; slot: Slot }) {
  const name = useId();
  const entries = model.byKind.value[slot];
  const chosen = model.selection.value.value?.[slot] ?? '';
  const choose = (id: string) => void model.choose(slot, id);
  return (
    <fieldset class="home-card">
      <legend>{TITLES[slot]}</legend>
      <ul class="module-list">
        <li class="module-item">
          <div class="home-row">
            <input id={`${name}-none`} type="radio" name={name} checked={chosen === ''} onChange={() => choose('')} />
            <label for={`${name}-none`} class="module-name">
              None
            </label>
          </div>
        </li>
        {entries.map((entry) => (
          <SlotItem key={entry.id} model={model} entry={entry} group={name} checked={chosen === entry.id} onChoose={() => choose(entry.id)} />
        ))}
      </ul>
      {chosen !== '' && !entries.some((entry) => entry.id === chosen) && <p class="home-hint">Selected but not installed here: {chosen}</p>}
      <DraftNote draft={model.selection} control={`slot:${slot}`} />
    </fieldset>
  );
}

interface SlotItemProps {
  model: ModulesModel;
  entry: ModuleEntry;
  group: string;
  checked: boolean;
  onChoose: () => void;
}

function SlotItem({ model, entry, group, checked, onChoose }: SlotItemProps) {
  return <ModuleItem model={model} entry={entry} control={(id, factsId) => <input id={id} type="radio" name={group} checked={checked} aria-describedby={factsId} onChange={onChoose} />} />;
}
