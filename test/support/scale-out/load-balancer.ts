/**
 * HAProxy in front of the handler instances: round robin, health checks on GET /health, and
 * retries that move a request whose instance died (refused or dropped connection) to another one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { MOUNT } from './constants.js';

export interface LoadBalancer {
  url: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

export interface Backend {
  name: string;
  port: number;
}

function toConfig(port: number, backends: Backend[]): string {
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # A request whose instance is gone is sent again, to another instance (the bodies are small JSON).
  option http-buffer-request
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response

frontend uploads
  bind 127.0.0.1:${port}
  default_backend handlers

backend handlers
  balance roundrobin
  # Under load the health answer waits its turn behind the traffic: a slow check is not a dead
  # instance. A crashed one refuses connections at once, and the retries above move its requests.
  option httpchk GET ${MOUNT}/health
  timeout check 10s
${backends.map(({ name, port: backendPort }) => `  server ${name} 127.0.0.1:${backendPort} check inter 1s fall 3 rise 1`).join('\n')}
`;
}

/** Resolves once something accepts connections on the port. */
export async function waitForPort(port: number, child: ChildProcess, what: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await sleep(50);
  }
  throw new Error(`${what} did not listen on port ${port}`);
}

export async function startLoadBalancer(haproxy: string, port: number, backends: Backend[]): Promise<LoadBalancer> {
  const dir = await mkdtemp(join(tmpdir(), 'svc-haproxy-'));
  const configPath = join(dir, 'haproxy.cfg');
  await writeFile(configPath, toConfig(port, backends));
  let output = '';
  const child = spawn(haproxy, ['-db', '-f', configPath], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  try {
    await waitForPort(port, child, 'haproxy');
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
