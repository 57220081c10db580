import { afterAll, beforeAll } from 'vitest';
import type { StartApiServerOptions } from '../startApiServer.ts';
import { startTestServer } from './apiTestClient.ts';

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/**
 * One test server for the whole suite (`startTestServer`): started before all its tests, closed after
 * them. The answer may be kept at the top of the file; it reaches the server once the suite runs.
 */
export function useTestServer(options: StartApiServerOptions = {}): TestServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(options);
  });
  afterAll(() => started?.server.close());
  const current = () => {
    if (!started) throw new Error('useTestServer: the server starts in beforeAll; use it inside a test');
    return started;
  };
  return {
    get server() {
      return current().server;
    },
    request: (...args) => current().request(...args),
    write: (...args) => current().write(...args),
    read: (...args) => current().read(...args),
  };
}
