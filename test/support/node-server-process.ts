// Starts a built server (Nuxt's or Nitro's `.output/server/index.mjs`) as its own process, the way
// `node .output/server/index.mjs` runs in production, and reads the address it prints.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

export interface ServerProcess {
  url: string;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * A port that was free a moment ago. Nitro 3's server reads `PORT=0` as "unset" and takes 3000, so
 * the port is chosen here rather than by the server.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
  });
}

/** Runs `entry` with `node` on a free port of 127.0.0.1; resolves once it prints `Listening on <url>`. */
export async function startServerProcess(node: string, entry: string, cwd: string, env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const child = spawn(node, [entry], {
    cwd,
    env: { ...process.env, PORT: String(await freePort()), HOST: '127.0.0.1', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill();
    await exited;
  };
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = /Listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve({ url: match[1]!.replace(/\/$/, ''), output: () => output, stop });
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => reject(new Error(`${entry} exited with ${code}:\n${output}`)));
  });
}
