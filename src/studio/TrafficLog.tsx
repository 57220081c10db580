import { LabelledSelect } from './LabelledSelect.tsx';
import type { TrafficLogModel } from './TrafficLogModel.ts';

/** The bridge requests of the modules, newest first: method, key, duration, result. */
export function TrafficLog({ log }: { log: TrafficLogModel }) {
  const ids = [...new Set(log.records.value.map((record) => record.moduleId))].sort();
  const shown = log.shown.value;
  return (
    <section class="panel" aria-labelledby="traffic-title" data-testid="traffic-log">
      <h2 id="traffic-title">Bridge traffic</h2>
      <div class="panel-tools">
        <LabelledSelect label="Module" value={log.moduleFilter.value} options={ids} onChange={(id) => log.filterBy(id)}>
          <option value="">all modules</option>
        </LabelledSelect>
        <button type="button" class="small" onClick={() => log.clear()}>
          Clear log
        </button>
      </div>
      <table>
        <thead>
          <tr>
            <th>time</th>
            <th>module</th>
            <th>method</th>
            <th>key</th>
            <th>ms</th>
            <th>result</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((record) => (
            <tr key={record.seq} data-testid="traffic-row" data-module={record.moduleId} data-ok={String(record.ok)}>
              <td>{new Date(record.at).toLocaleTimeString('en-GB')}</td>
              <td>{record.moduleId}</td>
              <td>{record.method}</td>
              <td>{record.key ?? ''}</td>
              <td class="number">{Math.round(record.ms)}</td>
              <td class={record.ok ? 'ok' : 'failed'}>{record.ok ? 'ok' : (record.code ?? 'error')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
