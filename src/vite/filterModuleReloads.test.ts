import { describe, expect, it } from 'vitest';
import { filterModuleReloads } from './filterModuleReloads.ts';

function environment() {
  const sent: unknown[] = [];
  const logged: string[] = [];
  const env = {
    hot: { send: (payload: unknown) => void sent.push(payload) },
    logger: { info: (message: string) => void logged.push(message) },
  };
  return { env, sent, logged, filter: filterModuleReloads(env as never, '/root') };
}

describe('filterModuleReloads', () => {
  it("drops Vite's reload and its log line for an expected module page, by path or '*'", () => {
    const { env, sent, logged, filter } = environment();
    filter.expect('/root/modules/demo.a/index.html');
    env.logger.info('page reload modules/demo.a/index.html');
    env.hot.send({ type: 'full-reload', path: '/modules/demo.a/index.html' });
    filter.expect('/root/modules/demo.a/index.html');
    env.hot.send({ type: 'full-reload', path: '*' });
    expect(sent).toEqual([]);
    expect(logged).toEqual([]);
  });

  it('lets every other payload and log line through, and reloads once disarmed', () => {
    const { env, sent, logged, filter } = environment();
    env.hot.send({ type: 'full-reload', path: '*' });
    filter.expect('/root/modules/demo.a/index.html');
    env.hot.send({ type: 'full-reload', path: '/index.html' });
    env.hot.send({ type: 'custom', event: 'overlay:module-changed', data: { id: 'demo.a' } });
    env.logger.info('page reload index.html');
    filter.clear();
    env.hot.send({ type: 'full-reload', path: '*' });
    expect(sent).toHaveLength(4);
    expect(logged).toEqual(['page reload index.html']);
  });
});
