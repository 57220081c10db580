import { describe, expect, it } from 'vitest';
import { calledCode, executedCode } from './executedCode.ts';

describe('executedCode', () => {
  const source = 'function f(x){if(x){A()}else{B()}}function g(){C()}f(1);';

  const functions = [
    { ranges: [{ startOffset: 0, endOffset: source.length, count: 1 }] },
    // f ran once; its `else` block did not.
    { ranges: [{ startOffset: 0, endOffset: 34, count: 1 }, { startOffset: 24, endOffset: 33, count: 0 }] },
    // g never ran.
    { ranges: [{ startOffset: 34, endOffset: 51, count: 0 }] },
  ];

  it('keeps what ran: the script, the function called and the branch taken', () => {
    expect(executedCode(source, functions)).toBe('function f(x){if(x){A()}}f(1);');
  });

  it('gives nothing for a script that did not run and all of one without block detail', () => {
    expect(executedCode(source, [{ ranges: [{ startOffset: 0, endOffset: source.length, count: 0 }] }])).toBe('');
    expect(executedCode(source, [{ ranges: [{ startOffset: 0, endOffset: source.length, count: 3 }] }])).toBe(source);
  });

  it('keeps, for calledCode, every function called whole, its branches not taken too', () => {
    expect(calledCode(source, functions)).toBe('function f(x){if(x){A()}else{B()}}f(1);');
  });
});
