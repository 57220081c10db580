import { describe, expect, it } from 'vitest';
import { isOlderAlertsRevision } from './alerts.ts';

describe('isOlderAlertsRevision', () => {
  it('orders the states of one epoch by their count; a state of another epoch (a store that lost its state) is never older', () => {
    expect(isOlderAlertsRevision({ epoch: 'a', n: 4 }, { epoch: 'a', n: 5 })).toBe(true);
    expect(isOlderAlertsRevision({ epoch: 'a', n: 5 }, { epoch: 'a', n: 5 })).toBe(false);
    expect(isOlderAlertsRevision({ epoch: 'a', n: 6 }, { epoch: 'a', n: 5 })).toBe(false);
    expect(isOlderAlertsRevision({ epoch: 'b', n: 1 }, { epoch: 'a', n: 500 })).toBe(false);
    expect(isOlderAlertsRevision({ epoch: '', n: 0 }, { epoch: 'a', n: 500 })).toBe(false);
  });
});
