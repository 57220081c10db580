import { describe, expect, it } from 'vitest';
import { createUndoStack } from './createUndoStack.ts';

describe('createUndoStack', () => {
  it('gives back the states before each change, newest first', () => {
    const stack = createUndoStack<number>();
    stack.push(1);
    stack.push(2);
    expect(stack.size.value).toBe(2);
    expect(stack.pop()).toBe(2);
    expect(stack.pop()).toBe(1);
    expect(stack.pop()).toBeUndefined();
    expect(stack.size.value).toBe(0);
  });

  it('joins a change to the one before when both have the same merge key', () => {
    const stack = createUndoStack<string>();
    stack.push('a');
    stack.push('b', 'width of x');
    stack.push('c', 'width of x');
    stack.push('d', 'height of x');
    expect([stack.pop(), stack.pop(), stack.pop()]).toEqual(['d', 'b', 'a']);
  });

  it('forgets the oldest past its limit, and everything on clear', () => {
    const stack = createUndoStack<number>({ limit: 2 });
    for (const state of [1, 2, 3]) stack.push(state);
    expect([stack.pop(), stack.pop(), stack.pop()]).toEqual([3, 2, undefined]);
    stack.push(4);
    stack.clear();
    expect(stack.size.value).toBe(0);
    expect(stack.pop()).toBeUndefined();
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => createUndoStack({ limit: 0 })).toThrow(TypeError);
  });
});
