import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../server/testing/freePort.ts';
import { createBalancer } from './createBalancer.ts';

/** A TCP server that greets each connection with its name and echoes what it gets; `cut()` drops its connections. */
async function namedServer(name: string): Promise<{ server: Server; port: number; cut(): void }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.write(`${name}\n`);
    socket.pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const cut = () => {
    for (const socket of sockets) socket.destroy();
  };
  return { server, port: (server.address() as { port: number }).port, cut };
}

/** Connects through the balancer, sends `text`, and resolves with everything read until it closes (after 300 ms at most). */
function exchange(port: number, text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let got = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (got += chunk));
    socket.on('error', () => {});
    socket.on('close', () => resolve(got));
    socket.write(text);
    setTimeout(() => socket.end(), 300);
  });
}

describe('createBalancer', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('hands connections to the ports in turn, skips a port that refuses, and pipes both ways', async () => {
    const a = await namedServer('a');
    const b = await namedServer('b');
    const balancer = await createBalancer([a.port, await freePort(), b.port]);
    cleanups.push(() => balancer.close(), a.cut, b.cut, () => void a.server.close(), () => void b.server.close());
    const answers: string[] = [];
    for (const text of ['1', '2', '3']) answers.push(await exchange(balancer.port, text));
    // The refusing port's turn goes to the next one: a, (refused ->) b, b.
    expect(answers).toEqual(['a\n1', 'b\n2', 'b\n3']);
    expect(balancer.stats()).toEqual({ accepted: 3, refused: 0 });
  });

  it('closes the client when no port answers', async () => {
    const balancer = await createBalancer([await freePort()]);
    cleanups.push(() => balancer.close());
    expect(await exchange(balancer.port, 'x')).toBe('');
    expect(balancer.stats()).toEqual({ accepted: 1, refused: 1 });
  });

  it("closes the client when its instance's side drops, as after a SIGKILL", async () => {
    const a = await namedServer('a');
    const balancer = await createBalancer([a.port]);
    cleanups.push(() => balancer.close(), () => void a.server.close());
    const socket = connect({ host: '127.0.0.1', port: balancer.port });
    socket.on('error', () => {});
    const closed = new Promise<boolean>((resolve) => socket.once('close', () => resolve(true)));
    await new Promise((resolve) => socket.once('data', resolve));
    a.cut();
    expect(await Promise.race([closed, new Promise((resolve) => setTimeout(() => resolve(false), 2000))])).toBe(true);
  });
});
