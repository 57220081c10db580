import type { ComponentChildren, JSX } from 'preact';
import { useId } from 'preact/hooks';
import type { ModuleEntry } from '../../api/index.ts';
import { FavouriteToggle } from './FavouriteToggle.tsx';
import { ModuleFacts } from './ModuleFacts.tsx';
import type { ModulesModel } from './ModulesModel.ts';

interface ModuleItemProps {
  model: ModulesModel;
  entry: ModuleEntry;
  /** The radio or checkbox that chooses the module, given its `id` and the id of the facts that describe it. */
  control: (id: string, factsId: string) => JSX.Element;
  children?: ComponentChildren;
}

/** One installed module in a list of the Modules section: its control and name, its favourite toggle, its facts. */
export function ModuleItem({ model, entry, control, children }: ModuleItemProps) {
  const id = useId();
  return (
    <li class="module-item">
      <div class="home-row">
        {control(id, `${id}-facts`)}
        <label for={id} class="module-name">
          {entry.name}
        </label>
        <FavouriteToggle model={model} entry={entry} />
      </div>
      <ModuleFacts entry={entry} id={`${id}-facts`} />
      {children}
    </li>
  );
}
