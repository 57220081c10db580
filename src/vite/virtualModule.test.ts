import { describe, expect, it } from 'vitest';
import type { ModuleCatalog } from './ModuleCatalog.ts';
import { renderDescriptionsModule, renderVirtualModule } from './virtualModule.ts';

const catalog = {
  modules: [
    { id: 'a.tool.one', name: 'One', kind: 'tool', width: 10, height: 10, url: '/modules/a.tool.one/', description: 'The first' },
    { id: 'a.tool.two', name: 'Two', kind: 'tool', width: 10, height: 10, url: '/modules/a.tool.two/' },
  ],
  problems: [],
} as unknown as ModuleCatalog;

describe('virtual modules', () => {
  it('leaves the descriptions out of the catalog the overlay page imports', () => {
    const source = renderVirtualModule(catalog);
    expect(source).toContain('"name":"One"');
    expect(source).not.toContain('The first');
  });

  it('gives the home page each description by module id', () => {
    expect(renderDescriptionsModule(catalog)).toBe('export const descriptions = {"a.tool.one":"The first"};\n');
  });
});
