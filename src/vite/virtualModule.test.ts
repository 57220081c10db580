import { describe, expect, it } from 'vitest';
import type { ModuleCatalog } from './ModuleCatalog.ts';
import { renderDescriptionsModule, renderPageCatalogModule, renderSettingsModule, renderVirtualModule } from './virtualModule.ts';

const catalog = {
  modules: [
    { id: 'a.tool.one', name: 'One', kind: 'tool', width: 10, height: 10, url: '/modules/a.tool.one/', description: 'The first' },
    { id: 'a.tool.two', name: 'Two', kind: 'tool', width: 10, height: 10, url: '/modules/a.tool.two/', settings: { title: { type: 'text', label: 'Title of two', default: 'Hi' } } },
    { id: 'a.tool.three', name: 'Three', kind: 'tool', width: 10, height: 10, url: '/modules/a.tool.three/', settings: {} },
  ],
  problems: [],
} as unknown as ModuleCatalog;

describe('virtual modules', () => {
  it('leaves the descriptions out of the catalog the overlay page imports', () => {
    const source = renderVirtualModule(catalog);
    expect(source).toContain('"name":"One"');
    expect(source).not.toContain('The first');
  });

  it("gives the overlay page its catalog without settings, and a loader of the settings module", () => {
    const source = renderPageCatalogModule(catalog);
    expect(source).toContain('"name":"Two"');
    expect(source).not.toContain('Title of two');
    expect(source).not.toContain('The first');
    expect(source).toContain('import("virtual:overlay-module-settings")');
  });

  it('gives each declared setting by module id, leaving out modules without any', () => {
    expect(renderSettingsModule(catalog)).toBe('export const settings = {"a.tool.two":{"title":{"type":"text","label":"Title of two","default":"Hi"}}};\n');
  });

  it('gives the home page each description by module id', () => {
    expect(renderDescriptionsModule(catalog)).toBe('export const descriptions = {"a.tool.one":"The first"};\n');
  });
});
