import { describe, expect, it } from 'vitest';
import { ModuleManifestSchema } from './manifest.ts';

describe('ModuleManifestSchema', () => {
  it('fills the default design size', () => {
    expect(ModuleManifestSchema.parse({ name: 'Goal', kind: 'tool' })).toEqual({
      name: 'Goal',
      kind: 'tool',
      width: 1920,
      height: 1080,
    });
  });

  it('refuses an unknown kind and a non-integer size', () => {
    expect(ModuleManifestSchema.safeParse({ name: 'x', kind: 'widget' }).success).toBe(false);
    expect(ModuleManifestSchema.safeParse({ name: 'x', kind: 'tool', width: 10.5 }).success).toBe(false);
  });
});
