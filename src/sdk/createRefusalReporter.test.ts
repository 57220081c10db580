import { describe, expect, it } from 'vitest';
import { createRefusalReporter, MAX_REFUSALS_TOLD, type RefusalReport } from './createRefusalReporter.ts';

describe('createRefusalReporter', () => {
  it('tells one report per directive and origin', () => {
    const told: RefusalReport[] = [];
    const report = createRefusalReporter((refusal) => told.push(refusal));
    for (let i = 0; i < 200; i += 1) report({ directive: 'connect-src', url: `ws://127.0.0.1:8080/live?n=${i}` });
    report({ directive: 'img-src', url: 'https://evil.example/pixel.gif' });
    report({ directive: 'connect-src', url: 'https://evil.example/collect' });
    expect(told).toEqual([
      { directive: 'connect-src', url: 'ws://127.0.0.1:8080/live?n=0' },
      { directive: 'img-src', url: 'https://evil.example/pixel.gif' },
      { directive: 'connect-src', url: 'https://evil.example/collect' },
    ]);
  });

  it(`stops after ${MAX_REFUSALS_TOLD} distinct reports and cuts long URLs`, () => {
    const told: RefusalReport[] = [];
    const report = createRefusalReporter((refusal) => told.push(refusal));
    for (let i = 0; i < 50; i += 1) report({ directive: 'connect-src', url: `https://h${i}.example/${'x'.repeat(3000)}` });
    expect(told).toHaveLength(MAX_REFUSALS_TOLD);
    expect(told[0]!.url).toHaveLength(2048);
  });
});
