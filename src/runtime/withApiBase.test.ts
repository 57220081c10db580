import { describe, expect, it } from 'vitest';
import type { ModuleEntry } from '../api/index.ts';
import { isolateModuleSites } from './isolateModuleSites.ts';
import { withApiBase } from './withApiBase.ts';

const entry = (url: string): ModuleEntry => ({ id: 'demo.tool.counter', name: 'Counter', kind: 'tool', width: 1, height: 1, url });
const page = new URL('http://127.0.0.1:8080/?overlay=x');

describe('withApiBase', () => {
  it('adds the absolute API base to a module page URL, which stays relative', () => {
    expect(withApiBase([entry('/modules/demo.tool.counter/index.html')], '/api', page)[0]!.url).toBe(
      '/modules/demo.tool.counter/index.html?api=http%3A%2F%2F127.0.0.1%3A8080%2Fapi',
    );
  });

  it('keeps an absolute URL absolute and replaces an api parameter it had', () => {
    const url = withApiBase([entry('https://m.example/modules/a/index.html?api=https%3A%2F%2Fevil.example')], 'https://api.example.com/v1', page)[0]!.url;
    expect(url).toBe('https://m.example/modules/a/index.html?api=https%3A%2F%2Fapi.example.com%2Fv1');
  });

  it('survives site isolation: the frame on its own site still names the API', () => {
    const [isolated] = isolateModuleSites(withApiBase([entry('/modules/demo.tool.counter/index.html')], 'http://127.0.0.1:9000', page), page).entries;
    expect(new URL(isolated!.url).searchParams.get('api')).toBe('http://127.0.0.1:9000/');
    expect(new URL(isolated!.url).hostname).toMatch(/\.localhost$/);
  });
});
