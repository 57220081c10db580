import { describe, expect, it } from 'vitest';
import { TypedDraft } from './TypedDraft.ts';

describe('TypedDraft', () => {
  it('shows the typed text while the person is in the field, and the value once they leave', () => {
    const draft = new TypedDraft<string>();
    draft.enter();
    draft.type('1');
    expect(draft.shown('120')).toBe('1');
    draft.settle();
    expect(draft.shown('120')).toBe('1');
    draft.leave();
    expect(draft.shown('120')).toBe('120');
  });

  it('keeps no text typed outside the field, unless asked to keep it (a refused value stays after leaving)', () => {
    const draft = new TypedDraft<string>();
    draft.type('x');
    expect(draft.shown('a')).toBe('a');
    draft.enter();
    draft.type('-5', { keep: true });
    draft.leave({ keep: true });
    expect(draft.shown('a')).toBe('-5');
    draft.settle({ keep: true });
    expect(draft.shown('a')).toBe('-5');
    draft.settle();
    expect(draft.shown('a')).toBe('a');
  });

  it('shows the value instead once the field stands for another one (an undo, a drag), and drops the text on demand', () => {
    const draft = new TypedDraft<string>();
    draft.type('12', { basis: 10, keep: true });
    expect(draft.shown('10', 10)).toBe('12');
    expect(draft.shown('40', 40)).toBe('40');
    draft.drop();
    expect(draft.shown('10', 10)).toBe('10');
  });
});
