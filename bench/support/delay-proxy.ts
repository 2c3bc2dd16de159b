/**
 * A TCP proxy on loopback that holds every chunk for `delayMs` in each direction, so a benchmark
 * sees a round trip of about twice that (a far server) without privileges (`tc netem` needs them).
 * Order within a connection is kept: a chunk leaves `delayMs` after it arrived, never before the
 * chunk ahead of it. Bandwidth is not limited, only latency is added.
 */
import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net';

export interface DelayProxy {
  /** `http://127.0.0.1:<port>`: the proxied origin. */
  origin: string;
  /** Connections accepted so far: a browser that keeps its connections alive opens few. */
  readonly connections: number;
  close(): Promise<void>;
}

/** Forwards `from` to `to`, each chunk `delayMs` late; back-pressure pauses `from` while `to` is full. */
function pipeDelayed(from: Socket, to: Socket, delayMs: number): void {
  let lastDue = 0;
  let waitingForDrain = false;
  from.on('data', (chunk: Buffer) => {
    const due = Math.max(Date.now() + delayMs, lastDue);
    lastDue = due;
    setTimeout(() => {
      if (to.destroyed || to.write(chunk) || waitingForDrain) return;
      waitingForDrain = true;
      from.pause();
      to.once('drain', () => {
        waitingForDrain = false;
        from.resume();
      });
    }, due - Date.now());
  });
  from.on('end', () => setTimeout(() => to.end(), Math.max(0, lastDue - Date.now())));
  from.on('error', () => to.destroy());
}

/** Starts a proxy to `target` (an `http://host:port` origin) adding `delayMs` each way. */
export async function startDelayProxy(target: string, delayMs: number): Promise<DelayProxy> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((client) => {
    connections += 1;
    client.setNoDelay(true);
    const upstream = createConnection({ host: hostname, port: Number(port) }, () => upstream.setNoDelay(true));
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    pipeDelayed(client, upstream, delayMs);
    pipeDelayed(upstream, client, delayMs);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
