import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_OVERLAY_IDS, DEMO_PROFILE, DEMO_SEED, DEMO_TOKENS } from './registry/index.ts';
import { apiServerCommand, spawnApiServer } from './spawnApiServer.ts';
import { send } from './testing/apiTestClient.ts';
import { TEST_SEED } from './testing/testSeed.ts';

const dir = mkdtempSync(join(tmpdir(), 'overlay-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the CLI to completion (for start-up failures). */
function runToExit(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { command, args: argv } = apiServerCommand(args);
  return new Promise((resolve) => {
    execFile(command, argv, { encoding: 'utf8', timeout: 15_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

// Each case runs its own processes on its own files and ports, so they may overlap. Six processes starting at
// once on a busy two-core machine take their time: the timeout is a safety net, not a measure.
describe.concurrent('npm run api', { timeout: 90_000 }, () => {
  it('prints exactly "API listening on http://127.0.0.1:<port>" first, then the demo user', async () => {
    const server = await spawnApiServer({ args: ['--port', '0', '--store', 'memory'] });
    try {
      await server.waitForStdout(/Try it:[\s\S]*auth\/overlay\n/);
      const lines = server.stdout().split('\n');
      expect(lines[0]).toBe(`API listening on http://127.0.0.1:${server.port}`);
      for (const id of Object.values(DEMO_OVERLAY_IDS)) expect(server.stdout()).toContain(id);
      for (const token of Object.values(DEMO_TOKENS)) expect(server.stdout()).toContain(token);
      expect(server.stdout()).toContain(`curl -H 'Authorization: Bearer ${DEMO_TOKENS.website}' ${server.url}/me`);
      expect((await send(server.url, 'GET', '/me', { token: DEMO_TOKENS.website })).body).toEqual(DEMO_PROFILE);
      const write = await send(server.url, 'PATCH', '/me/database', {
        token: DEMO_TOKENS.tool,
        body: { id: 'demo.tool.counter', key: 'count', value: 1 },
      });
      expect(write.status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('serves a seed file on the port asked for, and stops on SIGTERM closing the sqlite store', async () => {
    const seedPath = join(dir, 'seed.json');
    writeFileSync(seedPath, JSON.stringify(TEST_SEED));
    const file = join(dir, 'sigterm/overlay.sqlite');
    const free = await spawnApiServer({ args: ['--port', '0', '--store', 'memory', '--seed', seedPath] });
    const port = free.port;
    await free.stop();
    const server = await spawnApiServer({ args: ['--port', String(port), '--seed', seedPath, '--store', `sqlite:${file}`] });
    await server.waitForStdout(/Users: 2/);
    expect(server.stdout()).toContain(`API listening on http://127.0.0.1:${port}\nUsers: 2 from ${seedPath}`);
    expect((await send(server.url, 'GET', '/me', { token: 'site-1002' })).status).toBe(200);
    expect((await send(server.url, 'GET', '/me', { token: DEMO_TOKENS.website })).status).toBe(401);
    await send(server.url, 'PATCH', '/me/database', { token: 'tool-1001', body: { id: 'a.b', key: 'k', value: 1 } });
    expect(existsSync(`${file}-wal`)).toBe(true);
    expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(server.stdout()).toContain('API stopped (SIGTERM)');
    // A cleanly closed SQLite database checkpoints and removes its write-ahead log.
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it('stops on SIGINT with exit code 0', async () => {
    const server = await spawnApiServer({ args: ['--port', '0', '--store', 'memory'] });
    expect(await server.stop('SIGINT')).toEqual({ code: 0, signal: null });
  });

  it('a 200 is durable: SIGKILL the instant it arrives, restart on the same file, the value is there', async () => {
    const file = join(dir, 'sigkill/overlay.sqlite');
    const args = ['--port', '0', '--store', `sqlite:${file}`];
    const first = await spawnApiServer({ args });
    const value = { acknowledged: true, text: 'überlebt kill -9', list: [1, null, false] };
    const acknowledged: string[] = [];
    await Promise.allSettled(
      Array.from({ length: 40 }, async (_, i) => {
        const response = await fetch(`${first.url}/me/database`, {
          method: 'PATCH',
          headers: { Authorization: `Bearer ${DEMO_TOKENS.tool}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ id: 'demo.tool.counter', key: `k${i}`, value }),
        });
        if (response.status !== 200) return;
        acknowledged.push(`k${i}`);
        // On the tenth 200, in the same tick: no time for the server to flush anything later.
        if (acknowledged.length === 10) first.child.kill('SIGKILL');
      }),
    );
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(acknowledged.length).toBeGreaterThanOrEqual(10);
    const second = await spawnApiServer({ args });
    try {
      for (const key of acknowledged) {
        const read = await send(second.url, 'GET', `/me/database?id=demo.tool.counter&key=${key}`, { token: DEMO_TOKENS.tool });
        expect(read.body).toEqual({ id: 'demo.tool.counter', key, value });
      }
    } finally {
      await second.stop();
    }
  });

  it('refuses a bad seed file with a non-zero exit naming the field', async () => {
    const seed = structuredClone(DEMO_SEED);
    (seed.users[0]!.profile.user as { registered: string }).registered = '2021-03-14';
    const seedPath = join(dir, 'bad-seed.json');
    writeFileSync(seedPath, JSON.stringify(seed));
    const result = await runToExit(['--port', '0', '--store', 'memory', '--seed', seedPath]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Invalid seed file ${seedPath}:`);
    expect(result.stderr).toMatch(/users\[0\]\.profile\.user\.registered: /);
    expect(result.stdout).not.toContain('API listening');
  });

  it('refuses bad flags with exit code 2 and the usage', async () => {
    const cases = [
      [['--store', 'redis://127.0.0.1:6379/x'], /--store: redis store "redis:\/\/127\.0\.0\.1:6379\/x": the path must be a database number/],
      [['--store', 'postgres://x'], /--store: unsupported store "postgres:\/\/x"; use "memory" or "sqlite:<path>"/],
      [['--port', 'abc'], /--port: expected an integer from 0 to 65535, got "abc"/],
      [['--frobnicate'], /Unknown option '--frobnicate'/],
    ] as const;
    const results = await Promise.all(cases.map(([args]) => runToExit([...args])));
    cases.forEach(([, message], i) => {
      expect(results[i]!.code).toBe(2);
      expect(results[i]!.stderr).toMatch(message);
      expect(results[i]!.stderr).toContain('Usage: npm run api -- [options]');
    });
  });
});
