import { signal } from '@preact/signals-core';
import { describe, expect, it } from 'vitest';
import type { AlertsSwitches } from '../../api/index.ts';
import type { AlertQueueOptions, AlertQueueView } from '../../client/index.ts';
import { ManualClock } from '../../client/testing/ManualClock.ts';
import { READ_WAIT_MS, startPageAlertQueue } from './startPageAlertQueue.ts';

const STATE = { showing: null, waiting: 0 };

const REVISION = { epoch: 'e1', n: 1 };

function setup(reads: Promise<AlertsSwitches>[], leads = true, heard?: AlertsSwitches, awaitsLive = false) {
  const reports: unknown[] = [];
  const leading = signal(leads);
  const clock = new ManualClock(0);
  const calls: unknown[][] = [];
  const told: AlertsSwitches[] = [];
  const view = signal<AlertQueueView>({ showing: null, waiting: 0, paused: false, muted: false, dropped: 0 });
  let member!: AlertQueueOptions['member'];
  const page = startPageAlertQueue({
    host: { presentAlert: async () => {}, setAlertSwitches: (switches) => void told.push(switches) },
    userId: 'u1',
    heard: () => heard,
    awaitsLive: () => awaitsLive,
    readState: () => {
      calls.push(['read']);
      return reads.shift() ?? new Promise(() => {});
    },
    report: async (report) => void reports.push(report),
    active: false,
    view: signal<AlertQueueView | null>(null),
    clock,
    createQueue: (options) => {
      member = options.member;
      return {
        view,
        leading,
        offer: (event) => void calls.push(['offer', event.id]),
        command: (command) => void calls.push(['command', command]),
        setState: (state) => void calls.push(['state', state]),
        setActive: (active) => void calls.push(['active', active]),
        close: () => void calls.push(['close']),
      };
    },
  });
  return { page, calls, told, member: () => member, view, leading, reports, clock };
}

describe('startPageAlertQueue', () => {
  it('reads the stored switches at start when the live channel brought none yet; a live state wins over a read it overtook', async () => {
    let answer!: (switches: AlertsSwitches) => void;
    const slow = new Promise<AlertsSwitches>((resolve) => {
      answer = resolve;
    });
    const { page, calls, told } = setup([slow]);
    expect(calls).toEqual([['active', false], ['read']]);
    // The socket's ready (handed on as an alerts message) came while the read was on its way.
    page.news({ type: 'alerts', state: { paused: false, muted: true, ...STATE }, revision: REVISION });
    answer({ paused: true, muted: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(told).toEqual([{ paused: false, muted: true }]);
    expect(calls.filter(([what]) => what === 'read')).toHaveLength(1);
  });

  it('takes the state the live channel brought before it started, and reads nothing', () => {
    const { page, calls, told } = setup([], true, { paused: true, muted: false });
    page.offer([{ id: 'e1', at: 1, source: 'api', test: false, subscription: { type: 'channel.raid', version: '1' }, event: {} }]);
    expect(told).toEqual([{ paused: true, muted: false }]);
    expect(calls).toEqual([['active', false], ['state', { paused: true, muted: false }], ['offer', 'e1']]);
  });

  it("waits for the state its live socket's ready brings rather than read it, holding events meanwhile", () => {
    const { page, calls, told } = setup([], true, undefined, true);
    const raid = { id: 'e1', at: 1, source: 'api' as const, test: false, subscription: { type: 'channel.raid', version: '1' }, event: {} };
    page.offer([raid]);
    expect(calls).toEqual([['active', false]]);
    page.news({ type: 'alerts', state: { paused: false, muted: true, ...STATE }, revision: REVISION });
    expect(told).toEqual([{ paused: false, muted: true }]);
    expect(calls).toEqual([['active', false], ['state', { paused: false, muted: true }], ['offer', 'e1']]);
  });

  it('reads the state when the live socket brings none within READ_WAIT_MS', async () => {
    const { page, calls, clock } = setup([Promise.resolve({ paused: true, muted: false })], true, undefined, true);
    page.offer([{ id: 'e1', at: 1, source: 'api', test: false, subscription: { type: 'channel.raid', version: '1' }, event: {} }]);
    clock.advance(READ_WAIT_MS - 1);
    expect(calls).toEqual([['active', false]]);
    clock.advance(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual([['active', false], ['read'], ['state', { paused: true, muted: false }], ['offer', 'e1']]);
  });

  it('hands on events, commands and OBS visibility, and leaves the queue when stopped', () => {
    const { page, calls, clock } = setup([]);
    page.offer([{ id: 'e1', at: 1, source: 'api', test: false, subscription: { type: 'channel.raid', version: '1' }, event: {} }]);
    // The switches' read never answers: the event waits for it READ_WAIT_MS at most.
    expect(calls).toEqual([['active', false], ['read']]);
    clock.advance(READ_WAIT_MS);
    page.news({ type: 'alertCommand', command: 'skip', id: 'c1' });
    page.setActive(true);
    page.stop();
    expect(calls).toEqual([['active', false], ['read'], ['offer', 'e1'], ['command', 'skip'], ['active', true], ['close']]);
  });

  it('holds events that come while the switches are read until the answer, so a mute read late still silences them', async () => {
    let answer!: (switches: AlertsSwitches) => void;
    const slow = new Promise<AlertsSwitches>((resolve) => {
      answer = resolve;
    });
    const { page, calls } = setup([slow]);
    page.offer([{ id: 'e2', at: 2, source: 'api', test: false, subscription: { type: 'channel.raid', version: '1' }, event: {} }]);
    expect(calls).toEqual([['active', false], ['read']]);
    answer({ paused: false, muted: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls.slice(-2)).toEqual([
      ['state', { paused: false, muted: true }],
      ['offer', 'e2'],
    ]);
  });

  it('reports the view to the API only while this page leads the queue', () => {
    const { view, leading, reports, clock } = setup([], false);
    view.value = { showing: null, waiting: 3, paused: true, muted: false, held: 'paused', dropped: 0 };
    clock.advance(1000);
    expect(reports).toEqual([]);
    leading.value = true;
    clock.advance(0);
    expect(reports).toEqual([{ showing: null, waiting: 3, held: 'paused', dropped: 0 }]);
  });

  it('plays on from what it has while the API cannot be reached; the stored switches win once it is back', async () => {
    const { page, calls, told } = setup([Promise.reject(new Error('offline'))]);
    page.offer([{ id: 'e1', at: 1, source: 'api', test: false, subscription: { type: 'channel.raid', version: '1' }, event: {} }]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual([['active', false], ['read'], ['offer', 'e1']]);
    // Back: the live socket's ready carries the stored state.
    page.news({ type: 'alerts', state: { paused: true, muted: true, ...STATE }, revision: REVISION });
    expect(told).toEqual([{ paused: true, muted: true }]);
    expect(calls.at(-1)).toEqual(['state', { paused: true, muted: true }]);
  });
});
