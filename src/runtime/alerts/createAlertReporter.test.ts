import { describe, expect, it } from 'vitest';
import type { AlertReport, StreamEvent } from '../../api/index.ts';
import { ManualClock } from '../../client/testing/ManualClock.ts';
import { ALERT_REPORT_GAP_MS, ALERT_REPORT_REPEAT_MS, createAlertReporter } from './createAlertReporter.ts';

const RAID = { id: 'r', at: 1, source: 'api', test: false, subscription: { type: 'channel.raid', version: '1' }, event: {} } as StreamEvent;
const view = (waiting: number, showing: StreamEvent | null = null) => ({ showing, waiting, paused: false, muted: false, dropped: 0 });

describe('createAlertReporter', () => {
  it('sends a change at once, folds a burst into its newest, and repeats while alerts wait', async () => {
    const clock = new ManualClock(1000);
    const sent: AlertReport[] = [];
    const reporter = createAlertReporter(clock, async (report) => void sent.push(report));
    reporter.push(view(1, RAID));
    clock.advance(0);
    expect(sent).toEqual([{ showing: RAID, waiting: 1, dropped: 0 }]);
    reporter.push(view(2, RAID));
    reporter.push(view(3, RAID));
    clock.advance(ALERT_REPORT_GAP_MS - 1);
    expect(sent).toHaveLength(1);
    clock.advance(1);
    expect(sent.map((report) => report.waiting)).toEqual([1, 3]);
    clock.advance(ALERT_REPORT_REPEAT_MS);
    expect(sent.map((report) => report.waiting)).toEqual([1, 3, 3]);
    reporter.push({ ...view(0), held: 'hidden' });
    clock.advance(ALERT_REPORT_GAP_MS);
    expect(sent.at(-1)).toEqual({ showing: null, waiting: 0, held: 'hidden', dropped: 0 });
    const count = sent.length;
    reporter.push({ ...view(0), held: 'hidden' });
    clock.advance(ALERT_REPORT_REPEAT_MS * 3);
    expect(sent).toHaveLength(count);
  });

  it('a report that failed goes again with the next push, even when nothing changed', async () => {
    const clock = new ManualClock(0);
    let fail = true;
    const sent: AlertReport[] = [];
    const reporter = createAlertReporter(clock, async (report) => {
      if (fail) throw new Error('offline');
      sent.push(report);
    });
    reporter.push(view(0));
    clock.advance(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    fail = false;
    reporter.push(view(0));
    clock.advance(ALERT_REPORT_GAP_MS);
    expect(sent).toEqual([{ showing: null, waiting: 0, dropped: 0 }]);
    reporter.stop();
  });
});
