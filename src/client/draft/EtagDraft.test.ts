import { describe, expect, it } from 'vitest';
import { EtagDraft, type EtagDraftOptions, type EtagWriteResult } from './EtagDraft.ts';

/** A draft of a number whose writes wait until the test settles them; records what it was told. */
function draftOf(overrides: Partial<EtagDraftOptions<number>> = {}) {
  const told: string[] = [];
  const writes: { value: number; etag: string | null; settle(result: EtagWriteResult | Error): void }[] = [];
  const etag = { value: '"v1"' as string | null, peek: () => etag.value };
  let shown = 1;
  const draft = new EtagDraft<number>({
    etag,
    current: () => shown,
    write: (value, sentEtag) =>
      new Promise((resolve, reject) => writes.push({ value, etag: sentEtag, settle: (result) => (result instanceof Error ? reject(result) : resolve(result)) })),
    onSaving: () => told.push('saving'),
    onSaved: () => told.push('saved'),
    onConflict: async () => {
      told.push('conflict');
    },
    onFailed: (error) => told.push(`failed: ${(error as Error).message}`),
    ...overrides,
  });
  const show = (value: number) => {
    shown = value;
  };
  return { draft, told, writes, etag, show };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('EtagDraft', () => {
  it('writes with the ETag read, keeps the new one, and one write at a time: changes made meanwhile go together in the next', async () => {
    const { draft, told, writes, etag, show } = draftOf();
    const first = draft.save();
    show(2);
    void draft.save();
    show(3);
    void draft.save();
    expect(writes).toHaveLength(1);
    expect(draft.writing).toBe(true);
    writes[0]!.settle({ ok: true, etag: '"v2"' });
    await tick();
    expect(writes.map(({ value, etag }) => [value, etag])).toEqual([
      [1, '"v1"'],
      [3, '"v2"'],
    ]);
    writes[1]!.settle({ ok: true, etag: '"v3"' });
    await first;
    expect(etag.value).toBe('"v3"');
    expect(told).toEqual(['saving', 'saving', 'saved']);
    expect(draft.writing).toBe(false);
  });

  it('a 412 goes to the owner and keeps the ETag; a failure says why', async () => {
    const { draft, told, writes, etag } = draftOf();
    const refused = draft.save();
    writes[0]!.settle({ ok: false, conflict: true });
    await refused;
    const failed = draft.save();
    writes[1]!.settle(new Error('offline'));
    await failed;
    expect(told).toEqual(['saving', 'conflict', 'saving', 'failed: offline']);
    expect(etag.value).toBe('"v1"');
  });

  it('after a failure a change made meanwhile waits for the next save, unless writeOnAfterFailure', async () => {
    for (const writeOnAfterFailure of [false, true]) {
      const { draft, told, writes } = draftOf({ writeOnAfterFailure });
      const saving = draft.save();
      void draft.save();
      writes[0]!.settle(new Error('offline'));
      await tick();
      if (writeOnAfterFailure) writes[1]!.settle({ ok: true, etag: '"v2"' });
      await saving;
      expect(writes).toHaveLength(writeOnAfterFailure ? 2 : 1);
      expect(told.at(-1)).toBe(writeOnAfterFailure ? 'saved' : 'failed: offline');
    }
  });
});
