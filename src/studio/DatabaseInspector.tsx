import type { ReadonlySignal } from '@preact/signals';
import type { SyncStatus } from '../client/index.ts';
import { type DatabaseModel, type DatabaseRow, rowKey } from './DatabaseModel.ts';

interface DatabaseInspectorProps {
  database: DatabaseModel;
  sync: ReadonlySignal<SyncStatus | null>;
}

/** Submits a form's `value` field (JSON) for a key; clears `fields` once written. */
function submitter(database: DatabaseModel, target: (form: FormData) => { moduleId: string; name: string }, clear = false) {
  return async (event: SubmitEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const { moduleId, name } = target(data);
    if (moduleId && name && (await database.edit(moduleId, name, String(data.get('value') ?? ''))) && clear) form.reset();
  };
}

/** Every key of every module for this user and kind, live and editable; the queue's pending and failed writes marked. */
export function DatabaseInspector({ database, sync }: DatabaseInspectorProps) {
  const rows = database.rows.value;
  const editError = database.editError.value;
  const status = sync.value;
  return (
    <section class="panel" aria-labelledby="db-title" data-testid="db-inspector">
      <h2 id="db-title">Database</h2>
      <p class="hint">
        Writes go through the page's queue as module <code>studio</code>
        {status && ` · ${status.pending} pending, ${status.failed.length} failed`}
      </p>
      {database.loadError.value && (
        <p role="alert" data-testid="db-error">
          {database.loadError.value}
        </p>
      )}
      <table class="db-table">
        <thead>
          <tr>
            <th>module</th>
            <th>key</th>
            <th>value (JSON)</th>
            <th>state</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <DatabaseRowView key={rowKey(row.moduleId, row.name)} row={row} database={database} />
          ))}
        </tbody>
      </table>
      {rows.length === 0 && <p class="empty">Nothing stored yet.</p>}
      <form class="db-add" aria-label="Add a key" onSubmit={submitter(database, (d) => ({ moduleId: String(d.get('module')), name: String(d.get('name')) }), true)}>
        <input name="module" aria-label="New key's module" placeholder="module id" required />
        <input name="name" aria-label="New key's name" placeholder="key" required />
        <input name="value" aria-label="New key's value" placeholder="JSON value" required />
        <button type="submit">Add</button>
      </form>
      {editError && (
        <p role="alert" data-testid="db-edit-error">
          {editError.key}: {editError.message}
        </p>
      )}
    </section>
  );
}

function DatabaseRowView({ row, database }: { row: DatabaseRow; database: DatabaseModel }) {
  const key = rowKey(row.moduleId, row.name);
  const json = row.value === undefined ? '' : JSON.stringify(row.value);
  return (
    <tr data-testid={`db-row-${key}`} data-state={row.state}>
      <td>
        <code>{row.moduleId}</code>
      </td>
      <td>
        <code>{row.name}</code>
      </td>
      <td>
        <form onSubmit={submitter(database, () => row)}>
          {/* Keyed by the value: a new value from the server replaces the field, an unchanged one keeps what is typed. */}
          <input key={json} name="value" defaultValue={json} aria-label={`Value of ${key}`} spellcheck={false} />
          <button type="submit" class="small" aria-label={`Save ${key}`}>
            Save
          </button>
        </form>
      </td>
      <td>
        <span class={`badge badge-${row.state}`} data-testid="db-row-state">
          {row.state}
        </span>
        {row.failure && <span class="failure"> {row.failure}</span>}
      </td>
    </tr>
  );
}
