import type { ModulesModel } from './ModulesModel.ts';
import { SlotGroup } from './SlotGroup.tsx';
import { ToolList } from './ToolList.tsx';

/** Every installed module by kind: choose what each overlay shows, and mark favourites. Each change is saved at once. */
export function ModulesSection({ model }: { model: ModulesModel }) {
  if (!model.selection.value.value) return <p class="home-hint">Reading the profile…</p>;
  return (
    <div class="home-cards">
      <p class="home-hint">Each change is saved at once and reaches the running overlays within a second.</p>
      <ToolList model={model} />
      <SlotGroup model={model} slot="game" />
      <SlotGroup model={model} slot="background" />
      <SlotGroup model={model} slot="event" />
    </div>
  );
}
