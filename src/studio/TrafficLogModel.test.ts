import { describe, expect, it } from 'vitest';
import { TrafficLogModel } from './TrafficLogModel.ts';

describe('TrafficLogModel', () => {
  it('keeps the newest records up to its cap, and filters by module', () => {
    const log = new TrafficLogModel(3, () => 42);
    for (const [i, moduleId] of ['a', 'b', 'a', 'b'].entries()) log.record({ moduleId, method: 'db.get', key: `k${i}`, ms: i, ok: true });
    expect(log.records.value.map((r) => r.key)).toEqual(['k3', 'k2', 'k1']);
    log.filterBy('a');
    expect(log.shown.value.map((r) => r.key)).toEqual(['k2']);
    log.clear();
    expect(log.shown.value).toEqual([]);
  });
});
