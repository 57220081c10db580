import { describe, expect, it } from 'vitest';
import { filterModuleReloads } from './filterModuleReloads.ts';

function channel() {
  const sent: unknown[] = [];
  const hot = { send: (payload: unknown) => void sent.push(payload) };
  return { hot, sent, filter: filterModuleReloads(hot as never, '/root') };
}

describe('filterModuleReloads', () => {
  it('drops the reload Vite sends for an expected module page, by path or "*"', () => {
    const { hot, sent, filter } = channel();
    filter.expect('/root/modules/demo.a/index.html');
    hot.send({ type: 'full-reload', path: '/modules/demo.a/index.html' });
    filter.expect('/root/modules/demo.a/index.html');
    hot.send({ type: 'full-reload', path: '*' });
    expect(sent).toEqual([]);
  });

  it('lets every other payload through, and reloads once disarmed', () => {
    const { hot, sent, filter } = channel();
    hot.send({ type: 'full-reload', path: '*' });
    filter.expect('/root/modules/demo.a/index.html');
    hot.send({ type: 'full-reload', path: '/index.html' });
    hot.send({ type: 'custom', event: 'overlay:module-changed', data: { id: 'demo.a' } });
    filter.clear();
    hot.send({ type: 'full-reload', path: '*' });
    expect(sent).toHaveLength(4);
  });
});
