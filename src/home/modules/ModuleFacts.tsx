import type { ModuleEntry } from '../../api/index.ts';

/** What the manifest says of a module: its kind and description (the name is its control's label). */
export function ModuleFacts({ entry, id }: { entry: ModuleEntry; id: string }) {
  return (
    <p class="module-facts" id={id}>
      <span class="module-kind">{entry.kind}</span> {entry.description ?? 'No description.'}
    </p>
  );
}
