import { describe, expect, it } from 'vitest';
import { alertCurls } from './alertCurls.ts';

describe('alertCurls', () => {
  it('gives the pause, skip and mute buttons their curl lines with the API base and token', () => {
    expect(alertCurls('https://site.example/api', 'deck').split('\n')).toEqual([
      '# Pause or resume alerts',
      'curl -X POST https://site.example/api/me/alerts/toggle-pause -H "Authorization: Bearer deck"',
      '# Skip the alert showing',
      'curl -X POST https://site.example/api/me/alerts/skip -H "Authorization: Bearer deck"',
      '# Mute or unmute alerts',
      'curl -X POST https://site.example/api/me/alerts/toggle-mute -H "Authorization: Bearer deck"',
    ]);
  });
});
