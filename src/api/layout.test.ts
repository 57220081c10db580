import { describe, expect, it } from 'vitest';
import { BoxesSchema, boxOf, defaultBox } from './layout.ts';

const counter = { id: 'demo.tool.counter', width: 440, height: 280, position: { x: 24, y: 24 } };

describe('layout', () => {
  it('a module without a stored box sits in its default box: its position with its design size, else the top left corner', () => {
    expect(defaultBox(counter)).toEqual({ x: 24, y: 24, width: 440, height: 280 });
    expect(defaultBox({ width: 1920, height: 1080 })).toEqual({ x: 0, y: 0, width: 1920, height: 1080 });
    expect(boxOf(undefined, counter)).toEqual(defaultBox(counter));
    expect(boxOf({ other: { x: 1, y: 2, width: 30, height: 40 } }, counter)).toEqual(defaultBox(counter));
  });

  it('a stored box wins; inherited names never count as stored boxes', () => {
    const stored = { x: -100, y: 900, width: 880, height: 560 };
    expect(boxOf({ [counter.id]: stored }, counter)).toEqual(stored);
    expect(boxOf({}, { ...counter, id: 'toString' })).toEqual(defaultBox(counter));
  });

  it('refuses boxes out of bounds or not whole', () => {
    expect(BoxesSchema.safeParse({ a: { x: 0, y: 0, width: 16, height: 7680 } }).success).toBe(true);
    expect(BoxesSchema.safeParse({ a: { x: 0, y: 0, width: 15, height: 100 } }).success).toBe(false);
    expect(BoxesSchema.safeParse({ a: { x: 7681, y: 0, width: 100, height: 100 } }).success).toBe(false);
    expect(BoxesSchema.safeParse({ a: { x: 0.5, y: 0, width: 100, height: 100 } }).success).toBe(false);
    expect(BoxesSchema.safeParse({ a: { x: 0, y: 0, width: 100 } }).success).toBe(false);
  });

  it('refuses what is not an object of boxes, with its message', () => {
    for (const bad of [[], null, 'boxes', { a: null }, { a: [0, 0, 100, 100] }, { a: { x: '0', y: 0, width: 100, height: 100 } }]) {
      expect(BoxesSchema.safeParse(bad).success).toBe(false);
    }
    const result = BoxesSchema.safeParse({ ok: { x: 0, y: 0, width: 100, height: 100 }, bad: { x: 0, y: 0, width: 1, height: 1 } });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['must be an object of boxes by module id']);
    expect(BoxesSchema.safeParse({}).data).toEqual({});
  });
});
