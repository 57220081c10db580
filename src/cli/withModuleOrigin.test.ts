import { describe, expect, it } from 'vitest';
import { withModuleOrigin } from './withModuleOrigin.ts';

describe('withModuleOrigin', () => {
  it('replaces the meta the build wrote, or adds one to the head', () => {
    const built = '<html><head><meta name="overlay-module-origin" content="https://{site}.a.example"></head></html>';
    expect(withModuleOrigin(built, 'https://{site}.b.example')).toBe('<html><head><meta name="overlay-module-origin" content="https://{site}.b.example"></head></html>');
    expect(withModuleOrigin('<html><head><title>x</title></head></html>', 'http://{site}.localhost:9000')).toBe(
      '<html><head><title>x</title><meta name="overlay-module-origin" content="http://{site}.localhost:9000">\n</head></html>',
    );
  });

  it('escapes what would end the attribute', () => {
    expect(withModuleOrigin('<head></head>', 'x"><script>&')).toContain('content="x&quot;><script>&amp;"');
  });

  it('inserts the template literally: replacement patterns such as $` $\x27 $& copy nothing of the page', () => {
    const page = '<html><head><title>secret head</title></head><body>tail</body></html>';
    for (const pattern of ['$`', "$'", '$&', '$$', '$1']) {
      const out = withModuleOrigin(page, `https://{site}.x${pattern}.example`);
      expect(out).toContain(`content="https://{site}.x${pattern.replace('&', '&amp;')}.example"`);
      expect(out.match(/secret head/g)).toHaveLength(1);
    }
    const built = '<head><meta name="overlay-module-origin" content="old"></head>';
    expect(withModuleOrigin(built, 'a$&b')).toBe('<head><meta name="overlay-module-origin" content="a$&amp;b"></head>');
  });
});
