import { describe, expect, it, vi } from 'vitest';
import { OverlayError } from '../../api/index.ts';
import type { WriteEngine, WriteEngineOptions } from './createWriteEngine.ts';
import { writeEngineOnDemand } from './writeEngineOnDemand.ts';

const options = { space: { userId: '1', kind: 'tool' } } as unknown as WriteEngineOptions;

/** An engine that only says which options made it. */
function fakeEngine(made: WriteEngineOptions[]): (given: WriteEngineOptions) => WriteEngine {
  return (given) => {
    made.push(given);
    return { scheduler: {}, enqueue: vi.fn(), retryFailed: vi.fn(), discard: vi.fn() } as unknown as WriteEngine;
  };
}

describe('writeEngineOnDemand', () => {
  it('loads nothing until asked, then loads and creates the engine once, with the options', async () => {
    const made: WriteEngineOptions[] = [];
    const load = vi.fn(async () => fakeEngine(made));
    const engine = writeEngineOnDemand(options, load);
    expect(load).not.toHaveBeenCalled();
    expect(engine.current).toBeNull();
    const [first, second] = await Promise.all([engine.load(), engine.forWrite()]);
    expect(first).toBe(second);
    expect(engine.current).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
    expect(made).toEqual([options]);
  });

  it('refuses a write with UNAVAILABLE when the code does not load, and tries again next time', async () => {
    const made: WriteEngineOptions[] = [];
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(fakeEngine(made));
    const engine = writeEngineOnDemand(options, load);
    const refused = await engine.forWrite().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OverlayError);
    expect((refused as OverlayError).code).toBe('UNAVAILABLE');
    expect(engine.current).toBeNull();
    await engine.forWrite();
    expect(load).toHaveBeenCalledTimes(2);
    expect(made).toHaveLength(1);
  });

  it('lets a background use go when the code does not load', async () => {
    const engine = writeEngineOnDemand(options, async () => Promise.reject(new TypeError('offline')));
    const use = vi.fn();
    await expect(engine.use(use)).resolves.toBeUndefined();
    expect(use).not.toHaveBeenCalled();
  });
});
