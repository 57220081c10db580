import { describe, expect, it } from 'vitest';
import { type DataStore, StoreUnavailableError } from '../../store/index.ts';
import { startTestServer } from '../../testing/apiTestClient.ts';
import { expectError } from '../../testing/expectError.ts';

/** A store that fails every call with `error`: a real DataStore, as a broken backend would behave. */
function failingStore(error: () => Error): DataStore {
  return {
    get: async () => Promise.reject(error()),
    set: async () => Promise.reject(error()),
    list: async () => Promise.reject(error()),
    close: async () => {},
  };
}

describe('a store that cannot serve', () => {
  it('answers 503 with Retry-After, exposed to cross-origin callers', async () => {
    const api = await startTestServer({ store: failingStore(() => new StoreUnavailableError('redis down', 2.5)) });
    try {
      for (const answer of [await api.write('tool-1001', 'a.b', 'k', 1), await api.read('tool-1001', 'a.b', 'k')]) {
        expectError(answer, 503, /retry after 3 s/);
        expect(answer.headers.get('retry-after')).toBe('3');
        expect(answer.headers.get('access-control-expose-headers')).toBe('Retry-After');
      }
      expect((await api.request('GET', '/me', { token: 'site-1001' })).status).toBe(200);
    } finally {
      await api.server.close();
    }
  });

  it('answers an unexpected failure with a bare 500 {code, message}, no stack, and reports it', async () => {
    const reported: unknown[] = [];
    const api = await startTestServer({
      store: failingStore(() => new Error('disk on fire at /secret/path')),
      onInternalError: (error) => reported.push(error),
    });
    try {
      const answer = await api.write('tool-1001', 'a.b', 'k', 1);
      expectError(answer, 500, 'Internal server error');
      expect(reported).toHaveLength(1);
    } finally {
      await api.server.close();
    }
  });
});
