import { describe, expect, it } from 'vitest';
import { pageDocument } from './pageDocument.ts';

describe('pageDocument', () => {
  it('makes a page file the whole document: the shared head, its own head lines, #app and its script', () => {
    const html = pageDocument('<title>Your overlay</title>\n<meta name="color-scheme" content="dark" />\n<script type="module" src="/src/home/main.tsx"></script>\n');
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">\n {2}<head>\n {4}<meta charset="utf-8" \/>/);
    expect(html).toContain('<meta name="referrer" content="no-referrer" />');
    expect(html.indexOf('<title>Your overlay</title>')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<body>\n    <div id="app"></div>\n    <script type="module" src="/src/home/main.tsx"></script>\n  </body>');
  });

  it('leaves a document as it is', () => {
    const page = '<!doctype html><html><head><title>Overlay</title></head></html>';
    expect(pageDocument(page)).toBe(page);
  });
});
