import { describe, expect, it, vi } from 'vitest';
import { OverlayError } from '../../api/index.ts';
import type { SendSide, SendSideOptions } from './createSendSide.ts';
import { sendSideOnDemand } from './sendSideOnDemand.ts';

const options = { space: { userId: '1', kind: 'tool' } } as unknown as SendSideOptions;

/** A send side that only says which options made it. */
function fakeEngine(made: SendSideOptions[]): (given: SendSideOptions) => SendSide {
  return (given) => {
    made.push(given);
    return { scheduler: {}, retryFailed: vi.fn(), discard: vi.fn() } as unknown as SendSide;
  };
}

describe('sendSideOnDemand', () => {
  it('loads nothing until asked, then loads and creates the send side once, with the options', async () => {
    const made: SendSideOptions[] = [];
    const load = vi.fn(async () => fakeEngine(made));
    const engine = sendSideOnDemand(options, load);
    expect(load).not.toHaveBeenCalled();
    expect(engine.current).toBeNull();
    const [first, second] = await Promise.all([engine.load(), engine.forAction()]);
    expect(first).toBe(second);
    expect(engine.current).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
    expect(made).toEqual([options]);
  });

  it('refuses an action with UNAVAILABLE when the code does not load, and tries again next time', async () => {
    const made: SendSideOptions[] = [];
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(fakeEngine(made));
    const engine = sendSideOnDemand(options, load);
    const refused = await engine.forAction().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OverlayError);
    expect((refused as OverlayError).code).toBe('UNAVAILABLE');
    expect(engine.current).toBeNull();
    await engine.forAction();
    expect(load).toHaveBeenCalledTimes(2);
    expect(made).toHaveLength(1);
  });
});
