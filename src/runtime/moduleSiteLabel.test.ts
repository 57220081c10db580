import { describe, expect, it } from 'vitest';
import { moduleSiteLabel } from './moduleSiteLabel.ts';

const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

describe('moduleSiteLabel', () => {
  it('keeps the id readable in front of a hash of the exact id', () => {
    expect(moduleSiteLabel('de.example.tool.raid')).toMatch(/^de-example-tool-raid-[0-9a-f]{13}$/);
    expect(moduleSiteLabel('de.example.tool.raid')).toBe(moduleSiteLabel('de.example.tool.raid'));
  });

  it('gives distinct labels to ids that differ only in case or punctuation', () => {
    const ids = ['de.demo.tool', 'De.Demo.Tool', 'DE.DEMO.TOOL', 'de_demo_tool', 'de-demo-tool', 'de..demo.tool', 'de.demo.tool.', '.de.demo.tool', 'de.demo-tool', 'de_demo.tool'];
    expect(new Set(ids.map(moduleSiteLabel)).size).toBe(ids.length);
  });

  it('gives distinct labels to long ids that differ only after character 63, within 63 characters', () => {
    const stem = `de.example.${'x'.repeat(100)}`;
    const ids = [`${stem}.a`, `${stem}.b`, `${stem}.A`, 'a'.repeat(128), 'A'.repeat(128)];
    const labels = ids.map(moduleSiteLabel);
    expect(new Set(labels).size).toBe(ids.length);
    for (const label of labels) expect(label.length).toBeLessThanOrEqual(63);
  });

  it('makes valid DNS labels, never with "--" (xn-- and other reserved forms), never starting or ending with a dash', () => {
    const ids = ['xn--zz', 'XN--80ak6aa92e', 'a--b', '---', '...', '_', '-a-', '9lives', 'x'.repeat(128), '.-_'.repeat(40)];
    for (const id of ids) {
      const label = moduleSiteLabel(id);
      expect(label, id).toMatch(DNS_LABEL);
      expect(label, id).not.toContain('--');
      // The WHATWG URL parser takes it as a host as it is (an xn-- label that is bad punycode would throw).
      expect(new URL(`http://${label}.localhost:8080/`).hostname, id).toBe(`${label}.localhost`);
    }
  });

  it('has no collisions among many similar ids', () => {
    const ids = Array.from({ length: 20_000 }, (_, i) => `de.example.tool.m${i}`);
    expect(new Set(ids.map(moduleSiteLabel)).size).toBe(ids.length);
  });
});
