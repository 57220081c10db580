import { describe, expect, it } from 'vitest';
import type { ModuleEntry, StreamEvent } from '../api/index.ts';
import { followAlerts } from './followAlerts.ts';
import type { AlertNews, PageAlertQueueOptions } from './alerts/startPageAlertQueue.ts';

const entry = (id: string, alerts?: boolean): ModuleEntry => ({ id, name: id, kind: 'event', width: 1, height: 1, url: `/modules/${id}/`, ...(alerts && { alerts }) });
const event = (id: string): StreamEvent => ({ id, at: 1, source: 'api', test: false, subscription: { type: 'channel.follow', version: '2' }, event: {} });

/** followAlerts with a queue that records what it gets; `resolve` finishes the chunk's load. */
function setup() {
  const started: { options: Omit<PageAlertQueueOptions, 'createQueue'>; offered: string[]; news: AlertNews[]; active: boolean[]; stopped: boolean }[] = [];
  let resolve!: () => void;
  let loads = 0;
  const alerts = followAlerts({
    host: { presentAlert: async () => {}, setAlertSwitches: () => {} },
    userId: 'u1',
    readState: async () => ({ paused: false, muted: false }),
    report: async () => {},
    open: (options) => {
      loads += 1;
      return new Promise((done) => {
        resolve = () =>
          done((() => {
            options.view.value = { showing: null, waiting: 4, paused: true, muted: false, dropped: 0 };
            const queue = { options, offered: [] as string[], news: [] as AlertNews[], active: [] as boolean[], stopped: false };
            started.push(queue);
            return {
              offer: (events) => queue.offered.push(...events.map((e) => e.id)),
              news: (news) => queue.news.push(news),
              setActive: (active) => queue.active.push(active),
              stop: () => {
                options.view.value = null;
                queue.stopped = true;
              },
            };
          })());
      });
    },
  });
  return { alerts, started, resolve: async () => {
    resolve();
    await new Promise((r) => setTimeout(r, 0));
  }, loads: () => loads };
}

describe('followAlerts', () => {
  it('loads nothing and keeps nothing while no module declares alerts', () => {
    const { alerts, loads } = setup();
    alerts.follow([entry('a'), entry('b')]);
    alerts.offer([event('e1')]);
    expect(loads()).toBe(0);
  });

  it('joins once an alert module shows, handing over the events and the newest live state that came while its code loaded', async () => {
    const { alerts, started, resolve, loads } = setup();
    alerts.follow([entry('a', true)]);
    alerts.follow([entry('a', true), entry('b')]);
    alerts.offer([event('e1'), event('e2')]);
    alerts.news({ type: 'alerts', state: { paused: false, muted: true, showing: null, waiting: 0 }, revision: { epoch: 'e1', n: 1 } });
    alerts.news({ type: 'alerts', state: { paused: true, muted: false, showing: null, waiting: 0 }, revision: { epoch: 'e1', n: 2 } });
    alerts.news({ type: 'alertCommand', command: 'skip' });
    alerts.setActive(false);
    await resolve();
    expect(loads()).toBe(1);
    expect(started).toHaveLength(1);
    expect(started[0]).toMatchObject({ offered: ['e1', 'e2'], news: [] });
    expect(started[0]?.options.heard?.()).toEqual({ paused: true, muted: false, showing: null, waiting: 0 });
    expect(started[0]?.active).toEqual([false]);
    alerts.offer([event('e3')]);
    alerts.setActive(true);
    alerts.news({ type: 'alertCommand', command: 'clear' });
    expect(started[0]).toMatchObject({ offered: ['e1', 'e2', 'e3'], active: [false, true], news: [{ type: 'alertCommand', command: 'clear' }] });
  });

  it('leaves the queue when the last alert module goes, and joins again when one comes back', async () => {
    const { alerts, started, resolve } = setup();
    alerts.follow([entry('a', true)]);
    await resolve();
    expect(alerts.view.value).toMatchObject({ waiting: 4, paused: true });
    alerts.follow([entry('b')]);
    expect(started[0]?.stopped).toBe(true);
    expect(alerts.view.value).toBeNull();
    alerts.offer([event('gone')]);
    alerts.follow([entry('a', true)]);
    await resolve();
    expect(started).toHaveLength(2);
    expect(started[1]?.offered).toEqual([]);
  });
});
