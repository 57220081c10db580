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
  it('drops the overlay ids and the streamdeck token, keeps every other member of the spec', () => {
    const pub = toPublicProfile(profile);
    expect(pub).not.toHaveProperty('overlays');
    expect(pub.streamdeck).toEqual({});
    expect(JSON.stringify(pub)).not.toMatch(/secret-deck|"og"|"ot"/);
    expect(pub.selected.tools).toEqual(['t']);
    const { overlays: _overlays, streamdeck: _streamdeck, extra: _extra, ...spec } = profile;
    expect({ ...pub, streamdeck: undefined }).toEqual({ ...spec, streamdeck: undefined });
  });

  it('lets no member beyond the spec through, at any depth: a credential added later stays out', () => {
    const withSecrets = structuredClone(profile) as typeof profile & Record<string, unknown>;
    withSecrets.apiKey = 'secret-top';
    (withSecrets.user as Record<string, unknown>).email = 'secret-mail';
    (withSecrets.twitch as Record<string, unknown>).oauth = 'secret-oauth';
    (withSecrets.twitch.stream.game as Record<string, unknown>).key = 'secret-game';
    (withSecrets.selected as Record<string, unknown>).sessionToken = 'secret-session';
    const text = JSON.stringify(toPublicProfile(withSecrets));
    expect(text).not.toMatch(/secret-|extra|model/);
    expect(text).toContain('"title":"t"');
  });

  it('leaves the input untouched', () => {
    toPublicProfile(profile);
    expect(profile.streamdeck.token).toBe('secret-deck');
  });
});
