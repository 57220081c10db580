import type { ModuleEntry } from '../../api/index.ts';
import { DraftNote } from './DraftNote.tsx';
import { ModuleItem } from './ModuleItem.tsx';
import type { ModulesModel } from './ModulesModel.ts';

/** The tools: a checkbox `Show <name>` each, then the selected ones in their order with `Move <name> up/down`. */
export function ToolList({ model }: { model: ModulesModel }) {
  const tools = model.byKind.value.tool;
  const selected = model.selection.value.value?.tools ?? [];
  const names = new Map(tools.map((entry) => [entry.id, entry.name]));
  return (
    <fieldset class="home-card">
      <legend>Tools</legend>
      {tools.length === 0 && <p class="home-hint">No tool installed.</p>}
      <ul class="module-list">
        {tools.map((entry) => (
          <ToolItem key={entry.id} model={model} entry={entry} shown={selected.includes(entry.id)} />
        ))}
      </ul>
      {selected.length > 1 && (
        <>
          <h4 class="home-subtitle">Order on the tool overlay (the last on top)</h4>
          <ol class="tool-order">
            {selected.map((id, index) => (
              <ToolOrderItem key={id} model={model} id={id} name={names.get(id) ?? id} first={index === 0} last={index === selected.length - 1} />
            ))}
          </ol>
        </>
      )}
    </fieldset>
  );
}

function ToolItem({ model, entry, shown }: { model: ModulesModel; entry: ModuleEntry; shown: boolean }) {
  const control = (id: string, factsId: string) => (
    <input id={id} type="checkbox" checked={shown} aria-label={`Show ${entry.name}`} aria-describedby={factsId} onChange={(event) => void model.showTool(entry.id, event.currentTarget.checked)} />
  );
  return (
    <ModuleItem model={model} entry={entry} control={control}>
      <DraftNote draft={model.selection} control={`tool:${entry.id}`} />
    </ModuleItem>
  );
}

interface ToolOrderItemProps {
  model: ModulesModel;
  id: string;
  name: string;
  first: boolean;
  last: boolean;
}

function ToolOrderItem({ model, id, name, first, last }: ToolOrderItemProps) {
  const move = (by: -1 | 1, event: Event) => {
    const button = event.currentTarget as HTMLButtonElement;
    void model.moveTool(id, by);
    // The item moves in the list: keep the keyboard on the same button (or its pair at the end).
    requestAnimationFrame(() => {
      const again = button.ownerDocument.querySelector<HTMLButtonElement>(`button[aria-label="${CSS.escape(button.getAttribute('aria-label') ?? '')}"]`);
      const target = again && !again.disabled ? again : again?.parentElement?.querySelector<HTMLButtonElement>('button:not([disabled])');
      target?.focus();
    });
  };
  return (
    <li class="tool-order-item">
      <span class="module-name">{name}</span>
      <span class="home-row">
        <button type="button" aria-label={`Move ${name} up`} disabled={first} onClick={(event) => move(-1, event)}>
          ↑ Up
        </button>
        <button type="button" aria-label={`Move ${name} down`} disabled={last} onClick={(event) => move(1, event)}>
          ↓ Down
        </button>
      </span>
    </li>
  );
}
