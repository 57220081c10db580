import { describe, expect, it } from 'vitest';
import type { LiveAlertCommandMessage, LiveAlertsMessage } from '../../api/index.ts';
import { StoreUnavailableError } from '../store/index.ts';
import { createAlertControl } from './createAlertControl.ts';
import { createMemoryAlertStore } from './memoryAlertStore.ts';

const OFF = { paused: false, muted: false, showing: null, waiting: 0 };

function setup({ failing = false } = {}) {
  let now = 1_000_000;
  let ids = 0;
  const told: [string, LiveAlertsMessage | LiveAlertCommandMessage][] = [];
  const notices = {
    async alerts(userId: string, message: LiveAlertsMessage | LiveAlertCommandMessage) {
      if (failing) throw new StoreUnavailableError('redis unavailable: gone');
      told.push([userId, message]);
    },
  };
  const control = createAlertControl({ store: createMemoryAlertStore(), notices, now: () => now, newId: () => `cmd-${++ids}` });
  return { control, told, advance: (ms: number) => (now += ms) };
}

describe('createAlertControl', () => {
  it('tells the user every state after a state command and a report, and each skip or clear with a fresh id', async () => {
    const { control, told } = setup();
    expect(await control.command('u1', 'toggle-mute')).toEqual({ ...OFF, muted: true });
    await control.report('u1', { showing: null, waiting: 2 });
    expect(await control.command('u1', 'skip')).toEqual({ ...OFF, muted: true, waiting: 2 });
    await control.command('u1', 'clear');
    const revision = (n: number) => ({ epoch: expect.stringMatching(/.+/), n });
    expect(told).toEqual([
      ['u1', { type: 'alerts', state: { ...OFF, muted: true }, revision: revision(1) }],
      ['u1', { type: 'alerts', state: { ...OFF, muted: true, waiting: 2 }, revision: revision(2) }],
      ['u1', { type: 'alertCommand', command: 'skip', id: 'cmd-1' }],
      ['u1', { type: 'alertCommand', command: 'clear', id: 'cmd-2' }],
    ]);
  });

  it('answers the state with its revision for a live `ready`, the same as GET without it', async () => {
    const { control } = setup();
    expect(await control.current('u1')).toEqual({ state: OFF, revision: { epoch: '', n: 0 } });
    await control.command('u1', 'pause');
    const current = await control.current('u1');
    expect(current).toEqual({ state: { ...OFF, paused: true }, revision: { epoch: expect.stringMatching(/.+/), n: 1 } });
    expect(await control.state('u1')).toEqual(current.state);
  });

  it('counts a report for 60 s, leaving out empty marks', async () => {
    const { control, advance } = setup();
    await control.report('u1', { showing: null, waiting: 3, dropped: 0 });
    expect(await control.state('u1')).toEqual({ ...OFF, waiting: 3 });
    advance(59_999);
    expect((await control.state('u1')).waiting).toBe(3);
    advance(1);
    expect(await control.state('u1')).toEqual(OFF);
  });

  it('keeps a state command when the live feed fails (pages read it when back), and fails a skip that reached nobody', async () => {
    const { control } = setup({ failing: true });
    expect(await control.command('u1', 'pause')).toEqual({ ...OFF, paused: true });
    await control.report('u1', { showing: null, waiting: 1 });
    expect(await control.state('u1')).toEqual({ ...OFF, paused: true, waiting: 1 });
    await expect(control.command('u1', 'skip')).rejects.toBeInstanceOf(StoreUnavailableError);
  });
});
