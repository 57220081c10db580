import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from './sha256Hex.ts';

describe('sha256Hex', () => {
  it('equals node:crypto for every length around the block edges and for non-ASCII text', () => {
    const texts = ['', 'abc', 'de.example.tool.raid', 'ünïcødé 🎉', 'x'.repeat(1000)];
    for (let n = 50; n < 140; n++) texts.push('a'.repeat(n));
    for (const text of texts) expect(sha256Hex(text), JSON.stringify(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
  });
});
