import type { ActivityModel } from './ActivityModel.ts';
import { describeEvent } from './describeEvent.ts';

interface ActivityListProps {
  model: ActivityModel;
  /** For "when"; injected so tests and the clock agree. @default Date.now */
  now?: () => number;
}

/** The newest events: type, who, amount, when; test events marked; each with Replay. */
export function ActivityList({ model, now = Date.now }: ActivityListProps) {
  const entries = model.entries.value;
  return (
    <div class="activity">
      {model.problem.value && (
        <p class="activity-problem" role="alert">
          {model.problem.value}
        </p>
      )}
      {entries.length === 0 && <p class="settings-empty">No events yet.</p>}
      <ol class="activity-list" aria-label="Activity" data-testid="activity">
        {entries.map(({ key, record }) => {
          const { what, who, amount } = describeEvent(record);
          return (
            <li key={key} class="activity-entry" data-type={record.subscription.type} data-test={record.test || undefined}>
              <span class="activity-what">
                {what}
                {record.test && <span class="activity-mark">test</span>}
                {record.replayed && <span class="activity-mark">replay</span>}
              </span>
              <span class="activity-who">{who}</span>
              <span class="activity-amount">{amount}</span>
              <time class="activity-when" dateTime={new Date(record.at).toISOString()}>
                {ago(now() - record.at)}
              </time>
              <button type="button" aria-label="Replay" title={`Replay this ${what.toLowerCase()}`} onClick={() => void model.replay(record.id)}>
                Replay
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** "now", "5 s", "3 min", "2 h", "4 d": enough to tell what just happened. */
function ago(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 5) return 'now';
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h`;
  return `${Math.floor(s / 86_400)} d`;
}
