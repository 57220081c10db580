import { describe, expect, it } from 'vitest';
import type { AlertsState, StreamEvent } from '../api/index.ts';
import { describeAlertState } from './describeAlertState.ts';

const RAID: StreamEvent = {
  id: 'e1',
  at: 0,
  source: 'twitch',
  test: false,
  subscription: { type: 'channel.raid', version: '1' },
  event: { from_broadcaster_user_name: 'Pabu_Master', viewers: 12 },
};
const state = (over: Partial<AlertsState>): AlertsState => ({ paused: false, muted: false, showing: null, waiting: 0, ...over });

describe('describeAlertState', () => {
  it('says what shows and how many wait, as the design writes it', () => {
    expect(describeAlertState(state({ showing: RAID, waiting: 3 }))).toBe('Showing: raid from Pabu_Master · 3 waiting');
    expect(describeAlertState(state({ paused: true, waiting: 5, held: 'paused' }))).toBe('Paused · 5 waiting');
    expect(describeAlertState(state({}))).toBe('Nothing showing · 0 waiting');
  });

  it('says why alerts wait when an overlay is hidden, that they are muted, and how many were dropped', () => {
    expect(describeAlertState(state({ waiting: 4, held: 'hidden' }))).toBe('Held: an overlay is not in OBS’s program output · 4 waiting');
    expect(describeAlertState(state({ paused: true, waiting: 4, held: 'hidden' }))).toBe('Paused · Held: an overlay is not in OBS’s program output · 4 waiting');
    expect(describeAlertState(state({ paused: true, muted: true, showing: RAID, waiting: 500, dropped: 7 }))).toBe(
      'Paused · Showing: raid from Pabu_Master · 500 waiting · muted · 7 dropped (more than 500 waited)',
    );
    const anonymous = { ...RAID, subscription: { type: 'custom.next-question', version: '1' }, event: {} };
    expect(describeAlertState(state({ showing: anonymous }))).toBe('Showing: custom.next-question · 0 waiting');
  });
});
