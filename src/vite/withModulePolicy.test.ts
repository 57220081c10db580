import { describe, expect, it } from 'vitest';
import { modulePolicy } from './modulePolicy.ts';
import { withModulePolicy } from './withModulePolicy.ts';

/** Runs the page's policy script as a browser would at the frame URL `href`, and returns the policy it writes. */
function policyAt(href: string, connect: string[] = []): string {
  const html = withModulePolicy('<!doctype html><p>module</p>', connect);
  const code = /<script>(.*?)<\/script>/.exec(html)![1]!;
  const written: Array<{ httpEquiv: string; content: string }> = [];
  const document = { createElement: () => ({ httpEquiv: '', content: '' }), head: { appendChild: (meta: { httpEquiv: string; content: string }) => written.push(meta) } };
  new Function('location', 'document', code)(new URL(href), document);
  expect(written).toHaveLength(1);
  expect(written[0]!.httpEquiv).toBe('Content-Security-Policy');
  return written[0]!.content;
}

const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `) || part === name);
const page = 'http://m-1.localhost:8080/modules/demo.a/index.html';

describe('withModulePolicy', () => {
  it('puts the charset and the policy script first, after the doctype, and keeps the page', () => {
    const html = withModulePolicy('<!DOCTYPE html>\n<html><head><script>evil()</script>', []);
    expect(html).toMatch(/^<!DOCTYPE html><meta charset="utf-8"><script>\(function\(\)\{.*\}\)\(\)<\/script>\n<html><head><script>evil\(\)<\/script>$/);
    expect(withModulePolicy('<p>no doctype</p>', [])).toMatch(/^<meta charset="utf-8"><script>.*<\/script><p>no doctype<\/p>$/);
  });

  it('allows the declared origins and the media path of the API the frame was given, nothing else of the API', () => {
    const policy = policyAt(`${page}?api=${encodeURIComponent('http://127.0.0.1:8080/api')}#instance=x`, ['https://cdn.example.com']);
    expect(policy).toBe(modulePolicy(['https://cdn.example.com'], 'http://127.0.0.1:8080/api/media/'));
    expect(directive(policy, 'connect-src')).toBe('connect-src https://cdn.example.com http://127.0.0.1:8080/api/media/');
    expect(directive(policy, 'img-src')).toBe("img-src 'self' data: blob: http://127.0.0.1:8080/api/media/ https://cdn.example.com");
  });

  it('adds the media path once to an API base with a trailing slash', () => {
    expect(directive(policyAt(`${page}?api=${encodeURIComponent('https://api.example.com/')}`), 'connect-src')).toBe('connect-src https://api.example.com/media/');
  });

  it('allows no connection at all without an API base or with one it cannot trust', () => {
    for (const api of ['', 'javascript:alert(1)', 'https://u:p@api.example.com', 'https://api.example.com/?x=1', 'not a url', "https://api.example.com/a;script-src%20*'", 'https://api.example.com/a,b']) {
      const policy = policyAt(`${page}?api=${encodeURIComponent(api)}`);
      expect(directive(policy, 'connect-src'), api).toBe('connect-src ');
      expect(policy, api).not.toContain('api.example.com');
    }
  });

  it('never allows the page origin or its own site to connect', () => {
    const policy = policyAt(`${page}?api=${encodeURIComponent('http://127.0.0.1:8080/api')}`);
    expect(directive(policy, 'connect-src')).not.toContain("'self'");
    expect(directive(policy, 'default-src')).toBe("default-src 'self'");
    expect(policy).toContain("form-action 'none'");
    // No nested frame of its own files (an SVG shown as a page would run without this policy).
    expect(directive(policy, 'frame-src')).toBe("frame-src 'none'");
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
    expect(directive(policyAt(page, ['https://cdn.example.com']), 'frame-src')).toBe('frame-src https://cdn.example.com');
  });
});
