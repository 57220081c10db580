import { describe, expect, it } from 'vitest';
import type { ModuleEntry } from '../api/index.ts';
import { canIsolateSites, isolateModuleSites } from './isolateModuleSites.ts';
import { moduleSiteLabel } from './moduleSiteLabel.ts';

const entryOf = (id: string): ModuleEntry => ({ id, url: `/modules/${id}/index.html`, name: 'c', kind: 'tool', width: 1, height: 1 });
const entry = entryOf('De.Demo_tool.counter');
const LOOPBACK_PAGE = new URL('http://127.0.0.1:8080/?overlay=x');

describe('isolateModuleSites', () => {
  it('gives each module a *.localhost site of its own on this machine', () => {
    const { entries, refused, isolated } = isolateModuleSites([entry], LOOPBACK_PAGE);
    expect(entries[0]!.url).toBe(`http://${moduleSiteLabel(entry.id)}.localhost:8080/modules/De.Demo_tool.counter/index.html`);
    expect(entries[0]!.url).toMatch(/^http:\/\/de-demo-tool-counter-[0-9a-f]{13}\.localhost:8080\//);
    expect({ refused, isolated }).toEqual({ refused: [], isolated: true });
    expect(canIsolateSites(new URL('http://localhost:5173/'))).toBe(true);
  });

  it('leaves the URLs alone on a real domain without a module origin', () => {
    const page = new URL('https://overlay.example.com/');
    expect(isolateModuleSites([entry], page)).toEqual({ entries: [entry], refused: [], isolated: false });
    expect(canIsolateSites(page)).toBe(false);
  });

  it('moves ids that differ only in case or punctuation, or like xn--zz, to distinct sites away from the page', () => {
    const ids = ['xn--zz', 'de.demo.tool', 'De.Demo.Tool', 'de_demo_tool', `de.${'x'.repeat(70)}.a`, `de.${'x'.repeat(70)}.b`];
    const { entries, refused } = isolateModuleSites(ids.map(entryOf), LOOPBACK_PAGE);
    expect(refused).toEqual([]);
    const hosts = entries.map((each) => new URL(each.url).host);
    expect(new Set(hosts).size).toBe(ids.length);
    for (const host of hosts) expect(host).not.toBe(LOOPBACK_PAGE.host);
  });

  it('puts each module on its own site of a module origin template, on a real domain or on other ports', () => {
    const template = 'https://{site}.modules.example.com';
    const { entries, isolated } = isolateModuleSites([entry], new URL('https://overlay.example.com/?overlay=x'), template);
    expect(entries[0]!.url).toBe(`https://${moduleSiteLabel(entry.id)}.modules.example.com/modules/De.Demo_tool.counter/index.html`);
    expect(isolated).toBe(true);
    const local = isolateModuleSites([entry], LOOPBACK_PAGE, 'http://{site}.localhost:9123');
    expect(new URL(local.entries[0]!.url).host).toBe(`${moduleSiteLabel(entry.id)}.localhost:9123`);
  });

  it('refuses to start a frame whose host would be the page\'s own, naming it', () => {
    const page = new URL(`https://${moduleSiteLabel(entry.id)}.modules.example.com/`);
    const { entries, refused } = isolateModuleSites([entry, entryOf('other.mod')], page, 'https://{site}.modules.example.com');
    expect(entries.map((each) => each.id)).toEqual(['other.mod']);
    expect(refused).toEqual([{ id: entry.id, reason: expect.stringContaining(`not a site of its own beside the page at ${page.host}`) }]);
  });

  it('refuses every module under a template it cannot use, saying why', () => {
    for (const template of ['https://modules.example.com', 'https://{site}{site}.example.com', 'ftp://{site}.example.com', 'https://x{site}.example.com', 'https://{site}.example.com/path']) {
      const { entries, refused } = isolateModuleSites([entry], LOOPBACK_PAGE, template);
      expect(entries, template).toEqual([]);
      expect(refused[0]!.reason, template).toMatch(/^the module origin .* is refused: /);
    }
  });
});
