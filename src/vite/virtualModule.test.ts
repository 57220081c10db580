import { describe, expect, it } from 'vitest';
import type { ModuleRegistry } from './ModuleRegistry.ts';
import { renderDescriptionsModule, renderVirtualModule } from './virtualModule.ts';

const registry = {
  modules: [
    { id: 'a.tool.one', name: 'One', kind: 'tool', width: 10, height: 10, url: '/modules/a.tool.one/', description: 'The first' },
    { id: 'a.tool.two', name: 'Two', kind: 'tool', width: 10, height: 10, url: '/modules/a.tool.two/' },
  ],
  problems: [],
} as unknown as ModuleRegistry;

describe('virtual modules', () => {
  it('leaves the descriptions out of the registry the overlay page imports', () => {
    const source = renderVirtualModule(registry);
    expect(source).toContain('"name":"One"');
    expect(source).not.toContain('The first');
  });

  it('gives the home page each description by module id', () => {
    expect(renderDescriptionsModule(registry)).toBe('export const descriptions = {"a.tool.one":"The first"};\n');
  });
});
