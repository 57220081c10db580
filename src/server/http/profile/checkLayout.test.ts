import { describe, expect, it } from 'vitest';
import { checkLayout } from './checkLayout.ts';

describe('checkLayout', () => {
  it('builds the boxes on an object without a prototype: a module id is only ever an own key', () => {
    const box = { x: 1, y: 2, width: 16, height: 16 };
    const boxes = checkLayout(JSON.parse(`{"boxes":{"a.b":${JSON.stringify(box)}}}`), 'tool', undefined);
    expect(Object.getPrototypeOf(boxes)).toBeNull();
    expect(Object.keys(boxes)).toEqual(['a.b']);
    expect(JSON.stringify(boxes)).toBe(`{"a.b":${JSON.stringify(box)}}`);
  });

  it('refuses a __proto__ member of boxes (JSON.parse makes it an own member) with a 400 naming it', () => {
    const body = JSON.parse('{"boxes":{"__proto__":{"x":0,"y":0,"width":16,"height":16}}}');
    expect(() => checkLayout(body, 'tool', undefined)).toThrow(/boxes\["__proto__"\]: "__proto__" is reserved/);
  });
});
