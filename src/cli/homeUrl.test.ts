import { describe, expect, it } from 'vitest';
import { DEMO_SEED } from '../server/index.ts';
import { homeUrl } from './homeUrl.ts';

describe('homeUrl', () => {
  it('signs the home page in with the website token, in the fragment', () => {
    const website = DEMO_SEED.users[0]!.tokens.find((token) => token.context === 'website')!.token;
    expect(homeUrl('http://127.0.0.1:8080', DEMO_SEED)).toBe(`http://127.0.0.1:8080/home#token=${encodeURIComponent(website)}`);
  });

  it('is the page alone (it asks for the token) for a seed without a website token', () => {
    const seed = structuredClone(DEMO_SEED);
    seed.users[0]!.tokens = seed.users[0]!.tokens.filter((token) => token.context !== 'website');
    expect(homeUrl('http://127.0.0.1:8080', seed)).toBe('http://127.0.0.1:8080/home');
  });
});
