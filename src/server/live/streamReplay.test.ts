import { describe, expect, it } from 'vitest';
import { compareStreamIds, replayDecision, type StreamState } from './streamReplay.ts';

const DAY = 86_400_000;
const now = 1_800_000_000_000;
const stream = (state: Partial<StreamState>): StreamState => ({ last: '', first: '', added: 0, length: 0, nowMs: now, ...state });

describe('replayDecision', () => {
  it('orders stream ids by time, then sequence', () => {
    expect(compareStreamIds('5-1', '5-0')).toBeGreaterThan(0);
    expect(compareStreamIds('4-9', '5-0')).toBeLessThan(0);
    expect(compareStreamIds('10-0', '9-99')).toBeGreaterThan(0);
  });

  it('replays from any cursor of an untrimmed stream, within its lifetime', () => {
    const state = stream({ last: `${now - 10}-0`, first: `${now - 100}-0`, added: 5, length: 5 });
    expect(replayDecision(`${now - 1000}-0`, state, DAY)).toBe(true);
    expect(replayDecision(`${now - 10}-0`, state, DAY)).toBe(true);
  });

  it('resets a cursor before the oldest kept entry of a trimmed stream, from the future, malformed, or older than the lifetime', () => {
    const state = stream({ last: `${now - 10}-0`, first: `${now - 100}-0`, added: 500, length: 100 });
    expect(replayDecision(`${now - 101}-0`, state, DAY)).toBe(false);
    expect(replayDecision(`${now - 100}-0`, state, DAY)).toBe(true);
    expect(replayDecision(`${now - 10}-1`, state, DAY)).toBe(false);
    expect(replayDecision('abc', state, DAY)).toBe(false);
    expect(replayDecision(`${now - DAY - 1}-0`, stream({}), DAY)).toBe(false);
  });

  it('with no stream: nothing to replay after a recent cursor, reset for one from the future', () => {
    expect(replayDecision(`${now - 5000}-0`, stream({}), DAY)).toBe(true);
    expect(replayDecision(`${now + 5000}-0`, stream({}), DAY)).toBe(false);
  });
});
