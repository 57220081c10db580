import { afterAll, beforeAll } from 'vitest';
import { parseStoreUrl, type RedisStoreSpec } from '../store/index.ts';
import { startRedisServer, type TestRedisServer } from './redisServer.ts';

/** The file's redis-server and the spec to connect to it. */
export interface RedisServerOfFile {
  server: TestRedisServer;
  spec: RedisStoreSpec;
}

/** A redis-server for the whole file: started before all its tests (then `started` gets it), stopped after them. */
export function useRedisServer(started: (redis: RedisServerOfFile) => void): void {
  let server: TestRedisServer | undefined;
  beforeAll(async () => {
    server = await startRedisServer();
    started({ server, spec: parseStoreUrl(server.url) as RedisStoreSpec });
  });
  afterAll(() => server?.dispose());
}
