/**
 * Three handler processes on random loopback ports behind HAProxy, sharing one Redis (drive
 * tokens, OAuth state, refresh locks) and the test bucket: the deployment the scale-out suite and
 * benchmark run against. Instances can be killed one by one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { findFreePort } from '../../../scripts/lib/free-port.mjs';
import { findHaproxy } from '../../../scripts/lib/find-haproxy.mjs';
import { findRedisServer, startRedisServer, type RedisServer } from '../../server/drives/support/redis-server.js';
import { getTestStorage } from '../storage.js';
import { startLoadBalancer, waitForPort, type LoadBalancer } from './load-balancer.js';

const INSTANCE_MAIN = fileURLToPath(new URL('./instance-main.ts', import.meta.url));

export interface Instance {
  name: string;
  port: number;
  url: string;
  pid: number | undefined;
  /** SIGKILL, as a crash would: no graceful shutdown. */
  kill(): Promise<void>;
}

export interface Cluster {
  /** The load balancer's URL: what clients talk to. */
  url: string;
  instances: Instance[];
  loadBalancer: LoadBalancer;
  redis: RedisServer;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** A handler `providers` block (the fake drives run in the test process). */
  providers?: unknown;
  instanceNames?: string[];
}

/** Why the cluster cannot run here, or `undefined` when it can (installing haproxy if needed). */
export function findClusterBlocker(): string | undefined {
  if (!findRedisServer()) return 'redis-server is not installed (apt-get install redis-server)';
  if (!findHaproxy()) return 'haproxy is not installed (apt-get install haproxy)';
  return undefined;
}

async function startInstance(name: string, env: NodeJS.ProcessEnv): Promise<Instance> {
  const port = await findFreePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', INSTANCE_MAIN], {
    env: { ...env, SCALE_OUT_NAME: name, SCALE_OUT_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      if (output.includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`instance ${name} exited with ${code}: ${output}`)));
  });
  await waitForPort(port, child, `instance ${name}`);
  return {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  // Starts (or connects to) the storage first, so the instances inherit its S3_TEST_* variables.
  await getTestStorage();
  const redis = await startRedisServer(findRedisServer()!);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SCALE_OUT_REDIS_URL: redis.url,
    ...(options.providers ? { SCALE_OUT_PROVIDERS: JSON.stringify(options.providers) } : {}),
  };
  const names = options.instanceNames ?? ['a', 'b', 'c'];
  const started = await Promise.allSettled(names.map((name) => startInstance(name, env)));
  const instances = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  let loadBalancer: LoadBalancer | undefined;
  try {
    if (failed) throw failed.reason;
    loadBalancer = await startLoadBalancer(findHaproxy()!, await findFreePort(), instances);
  } catch (error) {
    await Promise.all(instances.map((instance) => instance.kill()));
    await redis.stop();
    throw error;
  }
  return {
    url: loadBalancer.url,
    instances,
    loadBalancer,
    redis,
    async stop() {
      await loadBalancer.stop();
      await Promise.all(instances.map((instance) => instance.kill()));
      await redis.stop();
    },
  };
}
