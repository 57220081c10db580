import { describe, expect, it } from 'vitest';
import { ProfileSchema } from './profile.ts';
import { toPublicProfile } from './publicProfile.ts';
import { sampleProfile } from './testing/sampleProfile.ts';

const profile = ProfileSchema.parse({
  ...sampleProfile('1'),
  streamdeck: { token: 'secret-deck', model: 'xl' },
  selected: { game: 'g', tools: ['t'], background: 'b', event: 'e' },
  extra: { kept: true },
});

describe('toPublicProfile', () => {
  it('drops the overlay ids and the streamdeck token, keeps the rest', () => {
    const pub = toPublicProfile(profile);
    expect(pub).not.toHaveProperty('overlays');
    expect(pub.streamdeck).toEqual({ model: 'xl' });
    expect(JSON.stringify(pub)).not.toMatch(/secret-deck|"og"|"ot"/);
    expect(pub.extra).toEqual({ kept: true });
    expect(pub.selected.tools).toEqual(['t']);
  });

  it('leaves the input untouched', () => {
    toPublicProfile(profile);
    expect(profile.streamdeck.token).toBe('secret-deck');
  });
});
