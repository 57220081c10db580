import { describe, expect, it } from 'vitest';
import { declaresOnly } from './declaresOnly.ts';

describe('declaresOnly', () => {
  it('takes src/api, and the media calls with their door, which the overlay page reaches but never calls', () => {
    expect(declaresOnly('/repo/src/api/media.ts')).toBe(true);
    expect(declaresOnly('/repo/src/api/index.ts')).toBe(true);
    expect(declaresOnly('/repo/src/client/http/createMediaClient.ts')).toBe(true);
    expect(declaresOnly('C:\\repo\\src\\client\\http\\index.ts')).toBe(true);
  });

  it('takes the dock\'s Twitch call and the studio\'s developer calls, which the overlay page reaches through the same door', () => {
    expect(declaresOnly('/repo/src/client/http/fetchTwitchState.ts')).toBe(true);
    expect(declaresOnly('/repo/src/client/http/createDevClient.ts')).toBe(true);
  });

  it('takes the website client\'s calls and the ETag draft, which only the home page calls', () => {
    for (const file of ['http/createApiSender.ts', 'http/createWebsiteClient.ts', 'http/profileCalls.ts', 'http/layoutCalls.ts', 'http/twitchCalls.ts', 'http/sessionCalls.ts', 'draft/index.ts', 'draft/EtagDraft.ts']) {
      expect(declaresOnly(`/repo/src/client/${file}`)).toBe(true);
    }
  });

  it('leaves everything else to the bundler\'s usual side-effect rules', () => {
    expect(declaresOnly('/repo/src/client/http/createApiClient.ts')).toBe(false);
    expect(declaresOnly('/repo/src/client/index.ts')).toBe(false);
    expect(declaresOnly('/repo/src/home/media/MediaModel.ts')).toBe(false);
  });
});
