import type { ComposeApiOptions, ComposedApi } from '../ComposedApi.ts';
import { composeApi } from '../composeApi.ts';
import { TEST_SEED } from './testSeed.ts';

/**
 * The API's services as `npm run api` puts them together (composeApi), on a memory store with the test seed, for a
 * test that serves them through an app of its own: `createApiApp({ ...api.services, apiPath: '/api' })`. The test
 * closes it (`api.close()`).
 */
export function composeTestApi(options: ComposeApiOptions = {}): Promise<ComposedApi> {
  return composeApi({ seed: TEST_SEED, store: 'memory', ...options });
}
