import { describe, expect, it } from 'vitest';
import { createAlertListeners } from './alertListeners.ts';
import type { Alert } from './overlay.d.ts';

const RAID = { id: 'e1', at: 1, source: 'api', test: false, subscription: { type: 'channel.raid', version: '1' }, event: { viewers: 3 } };

function listeners() {
  const told: [string, unknown][] = [];
  const errors: unknown[] = [];
  const alerts = createAlertListeners((m, p) => told.push([m, p]), (error) => errors.push(error));
  return { alerts, told, errors };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createAlertListeners', () => {
  it('a promise shows the alert until it settles: result showing, then done', async () => {
    const { alerts, told } = listeners();
    let end!: () => void;
    let seen: Alert | undefined;
    alerts.on((alert) => {
      seen = alert;
      return new Promise<void>((resolve) => {
        end = resolve;
      });
    });
    alerts.start({ n: 4, event: RAID, muted: true });
    expect(seen).toMatchObject({ id: 'e1', muted: true, event: { viewers: 3 } });
    expect(seen?.signal.aborted).toBe(false);
    expect(told).toEqual([['alert.result', { n: 4, showing: true }]]);
    end();
    await settle();
    expect(told).toEqual([
      ['alert.result', { n: 4, showing: true }],
      ['alert.done', { n: 4 }],
    ]);
  });

  it('nothing or false returned at once is "not mine"; no listener at all too', () => {
    const { alerts, told } = listeners();
    alerts.start({ n: 1, event: RAID, muted: false });
    alerts.on(() => false);
    alerts.on(() => undefined);
    alerts.start({ n: 2, event: RAID, muted: false });
    expect(told).toEqual([
      ['alert.result', { n: 1, showing: false }],
      ['alert.result', { n: 2, showing: false }],
    ]);
  });

  it('done() ends it once, however often it is called; a rejected promise ends it too', async () => {
    const { alerts, told } = listeners();
    let alert!: Alert;
    alerts.on((a) => {
      alert = a;
      return new Promise(() => {});
    });
    alerts.start({ n: 7, event: RAID, muted: false });
    alert.done();
    alert.done();
    expect(told.filter(([m]) => m === 'alert.done')).toEqual([['alert.done', { n: 7 }]]);
    const other = listeners();
    other.alerts.on(() => Promise.reject(new Error('broken')));
    other.alerts.start({ n: 8, event: RAID, muted: false });
    await settle();
    expect(other.told).toEqual([
      ['alert.result', { n: 8, showing: true }],
      ['alert.done', { n: 8 }],
    ]);
  });

  it('a listener that throws passes and is reported; the others still get the alert', () => {
    const { alerts, told, errors } = listeners();
    const heard: string[] = [];
    alerts.on(() => {
      throw new Error('bug');
    });
    alerts.on((alert) => {
      heard.push(alert.id);
    });
    alerts.start({ n: 3, event: RAID, muted: false });
    expect(heard).toEqual(['e1']);
    expect(errors).toHaveLength(1);
    expect(told).toEqual([['alert.result', { n: 3, showing: false }]]);
  });

  it('abort aborts the signal and sends no done; a repeated or malformed start is ignored', async () => {
    const { alerts, told } = listeners();
    let alert!: Alert;
    alerts.on((a) => {
      alert = a;
      return new Promise((resolve) => a.signal.addEventListener('abort', resolve));
    });
    alerts.start({ n: 5, event: RAID, muted: false });
    alerts.start({ n: 5, event: RAID, muted: false });
    alerts.start({ n: 'x', event: RAID });
    alerts.start(null);
    alerts.abort({ n: 5 });
    expect(alert.signal.aborted).toBe(true);
    await settle();
    expect(told).toEqual([['alert.result', { n: 5, showing: true }]]);
  });
});
