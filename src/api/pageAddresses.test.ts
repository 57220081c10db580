import { describe, expect, it } from 'vitest';
import { HOME_PAGE_PATH, withSignInErrorFragment, withTokenFragment } from './pageAddresses.ts';
import { parseApiBase } from './parseApiBase.ts';

describe('page addresses', () => {
  it('hand a page its token or sign-in error in the fragment', () => {
    expect(withTokenFragment(`https://site.example${HOME_PAGE_PATH}`, 'abc')).toBe('https://site.example/home#token=abc');
    expect(withSignInErrorFragment('https://site.example/home', 'access_denied')).toBe('https://site.example/home#signin-error=access_denied');
  });

  it('take an http(s) API base without its trailing slash, nothing else', () => {
    expect(parseApiBase('http://127.0.0.1:8787/api/')).toBe('http://127.0.0.1:8787/api');
    expect(parseApiBase('javascript:alert(1)')).toBeNull();
    expect(parseApiBase('not a url')).toBeNull();
  });
});
