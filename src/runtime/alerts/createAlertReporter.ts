import type { AlertReport, Clock } from '../../api/index.ts';
import type { AlertQueueView } from '../../client/index.ts';

/** Reports go out at most this often; the newest view always goes out at the end of the wait. */
export const ALERT_REPORT_GAP_MS = 250;
/** While alerts show or wait, the report is repeated this often: the API forgets one after 60 s (ALERT_REPORT_TTL_MS). */
export const ALERT_REPORT_REPEAT_MS = 20_000;

export interface AlertReporter {
  push(view: AlertQueueView): void;
  stop(): void;
}

/**
 * Tells the API what the queue shows and how many wait (the dock's status line),
 * when that changed, at most every ALERT_REPORT_GAP_MS. A report that fails is
 * sent again with the next change or repeat: it only ever describes the present.
 */
export function createAlertReporter(clock: Clock, send: (report: AlertReport) => Promise<void>): AlertReporter {
  let latest: AlertReport | null = null;
  let sent = '';
  let timer: unknown = null;
  let lastAt = Number.NEGATIVE_INFINITY;
  const flush = () => {
    timer = null;
    if (!latest) return;
    const text = JSON.stringify(latest);
    const busy = latest.showing !== null || latest.waiting > 0;
    if (text !== sent || busy) {
      sent = text;
      lastAt = clock.now();
      send(latest).catch(() => {
        sent = '';
      });
    }
    if (busy) timer = clock.setTimeout(flush, ALERT_REPORT_REPEAT_MS);
  };
  return {
    push(view) {
      latest = toReport(view);
      if (JSON.stringify(latest) === sent) return;
      if (timer !== null) clock.clearTimeout(timer);
      timer = clock.setTimeout(flush, Math.max(0, lastAt + ALERT_REPORT_GAP_MS - clock.now()));
    },
    stop() {
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      latest = null;
    },
  };
}

function toReport(view: AlertQueueView): AlertReport {
  const { showing, waiting, held, dropped } = view;
  return { showing, waiting, ...(held && { held }), dropped };
}
