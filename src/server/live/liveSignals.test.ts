import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_PATH } from '../../api/index.ts';
import { type SpawnedApiServer, spawnApiServer } from '../spawnApiServer.ts';
import { send } from '../testing/apiTestClient.ts';
import { connectLive } from '../testing/liveTestClient.ts';

// The CLI as operators run it (`npm run api`), in a process of its own.
const started: SpawnedApiServer[] = [];
const spawn = async (args: string[]) => {
  const server = await spawnApiServer({ args: ['--port', '0', '--store', 'memory', ...args] });
  started.push(server);
  return server;
};
afterEach(async () => {
  for (const server of started.splice(0)) if (server.child.exitCode === null) await server.stop('SIGKILL');
});

describe('live endpoint of the CLI server', () => {
  it('SIGTERM closes live connections with 1001 before the process exits 0', async () => {
    const server = await spawn([]);
    const clients = [await connectLive(server.url), await connectLive(server.url)];
    await clients[0]!.auth('demo-tool-token');
    const exited = server.stop('SIGTERM');
    for (const client of clients) expect((await client.closed).code).toBe(1001);
    expect(await exited).toEqual({ code: 0, signal: null });
  }, 40_000);

  it('--no-live serves no endpoint: 404 for the upgrade and the plain GET; --max-live-connections sets the limit per user and overlay kind', async () => {
    const server = await spawn(['--no-live']);
    await expect(connectLive(server.url)).rejects.toThrow(/upgrade answered 404/);
    expect((await send(server.url, 'GET', LIVE_PATH)).status).toBe(404);
    const live = await spawn(['--max-live-connections', '1']);
    const first = await connectLive(live.url);
    expect(await first.auth('demo-tool-token')).toMatchObject({ type: 'ready' });
    const second = await connectLive(live.url);
    second.sendJson({ type: 'auth', token: 'demo-tool-token' });
    expect((await second.closed).code).toBe(4429);
    await first.close();
  }, 40_000);
});
