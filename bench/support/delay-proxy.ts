/**
 * A TCP proxy on loopback that holds every chunk for `delayMs` in each direction, so a benchmark
 * sees a round trip of about twice that (a far server) without privileges (`tc netem` needs them).
 * Order within a connection is kept: a chunk leaves `delayMs` after it arrived, never before the
 * chunk ahead of it. With `uplinkBytesPerSecond`, what clients send also shares one uplink of
 * that rate (every connection's chunks queue for it, as on a real access link); answers are not
 * limited (an upload's answers are small).
 */
import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net';

export interface DelayProxy {
  /** `http://127.0.0.1:<port>`: the proxied origin. */
  origin: string;
  /** Connections accepted so far: a browser that keeps its connections alive opens few. */
  readonly connections: number;
  close(): Promise<void>;
}

/** A link shared by every connection: when it is free again, and how fast it sends. */
interface SharedLink {
  freeAt: number;
  bytesPerMs: number;
}

/**
 * Bytes a direction behind a shared link holds before it stops reading (TCP back-pressure, as a
 * real access link applies). Without a link only latency is added, and nothing bounds what is
 * in flight (as on a path with a large window), so the figures stay comparable with earlier runs.
 */
const LINK_HIGH_WATER_BYTES = 512 * 1024;

/**
 * Forwards `from` to `to`, each chunk `delayMs` late (and, through `link`, after its turn on the
 * shared link). Chunks wait in one queue per direction, written in arrival order by one timer;
 * `from` is paused while the queue or `to` is full.
 */
function pipeDelayed(from: Socket, to: Socket, delayMs: number, link?: SharedLink): void {
  const queue: { chunk: Buffer; due: number }[] = [];
  let queuedBytes = 0;
  let lastDue = 0;
  let ended = false;
  let timer: NodeJS.Timeout | undefined;
  const highWater = link ? LINK_HIGH_WATER_BYTES : Number.POSITIVE_INFINITY;
  const flowControl = () => {
    if (queuedBytes > highWater || to.writableNeedDrain) from.pause();
    else from.resume();
  };
  const flush = () => {
    timer = undefined;
    while (queue.length > 0 && queue[0]!.due <= Date.now()) {
      const { chunk } = queue.shift()!;
      queuedBytes -= chunk.length;
      if (!to.destroyed) to.write(chunk);
    }
    if (queue.length > 0) timer = setTimeout(flush, Math.max(0, queue[0]!.due - Date.now()));
    else if (ended) to.end();
    flowControl();
  };
  to.on('drain', flowControl);
  from.on('data', (chunk: Buffer) => {
    let sent = Date.now();
    if (link) {
      sent = Math.max(sent, link.freeAt) + chunk.length / link.bytesPerMs;
      link.freeAt = sent;
    }
    lastDue = Math.max(sent + delayMs, lastDue);
    queue.push({ chunk, due: lastDue });
    queuedBytes += chunk.length;
    timer ??= setTimeout(flush, Math.max(0, queue[0]!.due - Date.now()));
    flowControl();
  });
  from.on('end', () => {
    ended = true;
    timer ??= setTimeout(flush, 0);
  });
  from.on('error', () => to.destroy());
}

/** Starts a proxy to `target` (an `http://host:port` origin) adding `delayMs` each way. */
export async function startDelayProxy(target: string, delayMs: number, options: { uplinkBytesPerSecond?: number } = {}): Promise<DelayProxy> {
  const { hostname, port } = new URL(target);
  const link = options.uplinkBytesPerSecond ? { freeAt: 0, bytesPerMs: options.uplinkBytesPerSecond / 1000 } : undefined;
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
    pipeDelayed(client, upstream, delayMs, link);
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
