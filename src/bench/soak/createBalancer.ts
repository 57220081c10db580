import { createServer, type Server, type Socket, connect } from 'node:net';

/** The soak's load balancer: loopback TCP, round robin over the instances' ports. */
export interface Balancer {
  port: number;
  /** Connections accepted so far, and those that found no instance at all. */
  stats(): { accepted: number; refused: number };
  close(): Promise<void>;
}

/**
 * A plain TCP balancer in this process: each new connection goes to the next
 * port in turn; a port that refuses (a killed instance) is skipped for the next
 * one, as a balancer with health checks would. When either side closes, so
 * does the other, so a client of a killed instance sees its connection drop.
 */
export async function createBalancer(ports: readonly number[]): Promise<Balancer> {
  let next = 0;
  let accepted = 0;
  let refused = 0;
  const open = new Set<Socket>();
  const server: Server = createServer((client) => {
    accepted++;
    open.add(client);
    client.once('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    client.pause();
    const start = next++ % ports.length;
    attach(client, ports, start, 0, () => refused++);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    stats: () => ({ accepted, refused }),
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Connects `client` to the `tried`-th port after `start`; tries the next on a refusal. */
function attach(client: Socket, ports: readonly number[], start: number, tried: number, onRefused: () => void): void {
  if (tried >= ports.length || client.destroyed) {
    onRefused();
    client.destroy();
    return;
  }
  const upstream = connect({ host: '127.0.0.1', port: ports[(start + tried) % ports.length]!, noDelay: true });
  upstream.once('error', () => attach(client, ports, start, tried + 1, onRefused));
  upstream.once('connect', () => {
    upstream.removeAllListeners('error');
    upstream.on('error', () => upstream.destroy());
    if (client.destroyed) {
      upstream.destroy();
      return;
    }
    client.setNoDelay(true);
    client.pipe(upstream);
    upstream.pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
    client.resume();
  });
}
