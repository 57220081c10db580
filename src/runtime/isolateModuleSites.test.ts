import { describe, expect, it } from 'vitest';
import type { ModuleEntry } from '../api/index.ts';
import { canIsolateSites, isolateModuleSites } from './isolateModuleSites.ts';

const entry: ModuleEntry = { id: 'De.Demo_tool.counter', url: '/modules/De.Demo_tool.counter/index.html', name: 'c', kind: 'tool', width: 1, height: 1 };

describe('isolateModuleSites', () => {
  it('gives each module a *.localhost site of its own on this machine', () => {
    const [isolated] = isolateModuleSites([entry], new URL('http://127.0.0.1:8080/?overlay=x'));
    expect(isolated!.url).toBe('http://de-demo-tool-counter.localhost:8080/modules/De.Demo_tool.counter/index.html');
    expect(canIsolateSites(new URL('http://localhost:5173/'))).toBe(true);
  });

  it('leaves the URLs alone on a real domain', () => {
    const page = new URL('https://overlay.example.com/');
    expect(isolateModuleSites([entry], page)).toEqual([entry]);
    expect(canIsolateSites(page)).toBe(false);
  });
});
