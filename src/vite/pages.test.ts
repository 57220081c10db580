import { describe, expect, it } from 'vitest';
import { PAGES, pageEntry, pageInputs } from './pages.ts';

describe('pages', () => {
  it('finds the entry of a page by its path, with or without a trailing slash', () => {
    expect(pageEntry('/')).toBe('index.html');
    expect(pageEntry('/studio')).toBe('src/studio/studio.html');
    expect(pageEntry('/studio/')).toBe('src/studio/studio.html');
    expect(pageEntry('/dock')).toBe('src/dock/dock.html');
    expect(pageEntry('/home')).toBe('src/home/home.html');
    expect(pageEntry('/studio/x')).toBeUndefined();
    expect(pageEntry('/toString')).toBeUndefined();
  });

  it('gives the build one input per page, named after its file', () => {
    expect(pageInputs('/repo/')).toEqual({
      index: '/repo/index.html',
      studio: '/repo/src/studio/studio.html',
      dock: '/repo/src/dock/dock.html',
      home: '/repo/src/home/home.html',
    });
    expect(Object.keys(pageInputs('/repo'))).toHaveLength(Object.keys(PAGES).length);
  });
});
