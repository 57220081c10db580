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

  it('takes alerts and alertSeconds up to 120, and refuses a bad length', () => {
    expect(ModuleManifestSchema.parse({ name: 'x', kind: 'event', alerts: true, alertSeconds: 8.5 })).toMatchObject({ alerts: true, alertSeconds: 8.5 });
    expect(ModuleManifestSchema.parse({ name: 'x', kind: 'event', alertSeconds: 120 }).alertSeconds).toBe(120);
    for (const alertSeconds of [0, -1, 121, '30', null]) {
      expect(ModuleManifestSchema.safeParse({ name: 'x', kind: 'event', alerts: true, alertSeconds }).success).toBe(false);
    }
    expect(ModuleManifestSchema.safeParse({ name: 'x', kind: 'event', alerts: 'yes' }).success).toBe(false);
  });
});
