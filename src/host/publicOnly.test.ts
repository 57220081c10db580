import { describe, expect, it } from 'vitest';
import { sampleProfile } from '../api/testing/sampleProfile.ts';
import { publicOnly } from './publicOnly.ts';

describe('publicOnly', () => {
  it('passes a module only the members of the spec that are not credentials', () => {
    const profile = sampleProfile();
    const full = { ...profile, billing: { card: 'secret-card' }, user: { ...profile.user, email: 'secret@mail' } };
    const seen = publicOnly(full as never);
    expect(JSON.stringify(seen)).not.toMatch(/secret|overlays/);
    expect(JSON.stringify(seen)).not.toContain(profile.streamdeck.token);
    expect(seen.twitch.stream.title).toBe(profile.twitch.stream.title);
    expect(Object.keys(seen).sort()).toEqual(['favs', 'preAccess', 'selected', 'streamdeck', 'twitch', 'user']);
    expect(() => publicOnly(null as never)).toThrow(TypeError);
  });
});
