import { describe, expect, it } from 'vitest';
import { groupOf, pageContributors } from './pageContributors.ts';
import { sourceSpans } from './sourceSpans.ts';

// `a();b()` on line 1 from two sources, then line 2 from the first again:
// segments [0,0,0,0] [4,1,0,0] ; [0,-1,0,0] (each relative to the one before).
const code = 'a();b()\nccc';
const map = { sources: ['../node_modules/zod/v4/core.js', '../src/host/Bridge.ts'], mappings: 'AAAA,ICAA;ADAA' };

describe('sourceSpans', () => {
  it('cuts the code at every segment and names each piece by its source', () => {
    expect(sourceSpans(code, map)).toEqual([
      { source: '../node_modules/zod/v4/core.js', text: 'a();' },
      { source: '../src/host/Bridge.ts', text: 'b()' },
      { source: '../node_modules/zod/v4/core.js', text: 'ccc' },
    ]);
  });

  it('leaves a segment without a source to the bundler and decodes multi-digit values', () => {
    // "gB" is 16 (a continuation digit, then 1 << 4): the second piece starts at column 16.
    const long = `${'x'.repeat(16)}yy`;
    expect(sourceSpans(long, { sources: ['s.ts'], mappings: 'A,gBAAA' })).toEqual([
      { source: null, text: 'x'.repeat(16) },
      { source: 's.ts', text: 'yy' },
    ]);
    expect(() => sourceSpans(code, { sources: [], mappings: 'A!' })).toThrow(/not a Base64 digit/);
  });
});

describe('pageContributors', () => {
  it('groups by package and src folder, largest first, each measured by leaving it out', () => {
    const big = `${Array.from({ length: 400 }, (_, i) => `v${i * 7919}`).join(';')}`;
    const contributors = pageContributors([{ code: `${big}\nq()`, map: { sources: ['/p/node_modules/@s/pkg/a.js', '/p/src/client/queue/W.ts'], mappings: 'AAAA;ACAA' } }]);
    expect(contributors.map((c) => [c.name, c.largestFile, c.rawBytes])).toEqual([
      ['@s/pkg', 'a.js', big.length],
      ['src/client/queue', 'W.ts', 3],
    ]);
    expect(contributors[0]!.gzipBytes).toBeGreaterThan(500);
  });

  it('names groups as the bench reports them', () => {
    expect(groupOf('../../node_modules/zod/v4/mini/schemas.js')).toBe('zod');
    expect(groupOf('node_modules/@preact/signals-core/dist/x.js')).toBe('@preact/signals-core');
    expect(groupOf('../../src/host/BridgeHub.ts')).toBe('src/host');
    expect(groupOf('../../src/client/queue/createWriteQueue.ts')).toBe('src/client/queue');
    expect(groupOf(null)).toBe('(bundler)');
  });
});
