// A throwaway Prometheus on loopback: its own config and data folder in a temporary directory,
// scraping the given targets every second; stopped by PID, folder removed.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { findFreePort } from '../../scripts/lib/free-port.mjs';
import { findPrometheus } from '../../scripts/lib/find-prometheus.mjs';

const READY_TIMEOUT_MS = 60_000;

export interface PrometheusServer {
  url: string;
  /** An instant query through the HTTP API; the result vector as label sets and values. */
  query(expression: string): Promise<{ metric: Record<string, string>; value: number }[]>;
  /** Last scrape time (ms) and health of each target, keyed `host:port`. */
  targets(): Promise<Map<string, { lastScrapeMs: number; health: string }>>;
  stop(): Promise<void>;
}

/** Why the suite cannot run here, or undefined. */
export function findPrometheusBlocker(): string | undefined {
  return findPrometheus() ? undefined : 'prometheus is not installed (apt-get install prometheus)';
}

function writeConfig(folder: string, targets: readonly string[], bearerToken: string): string {
  const path = join(folder, 'prometheus.yml');
  // JSON is YAML: no YAML library needed.
  const config = {
    global: { scrape_interval: '1s', scrape_timeout: '1s', evaluation_interval: '1s' },
    scrape_configs: [{ job_name: 'svc-uploader', authorization: { type: 'Bearer', credentials: bearerToken }, static_configs: [{ targets }] }],
  };
  writeFileSync(path, JSON.stringify(config, null, 2));
  return path;
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`prometheus exited with ${child.exitCode}:\n${output()}`);
    const ready = await fetch(`${url}/-/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await sleep(100);
  }
  throw new Error(`prometheus did not become ready in ${READY_TIMEOUT_MS} ms:\n${output()}`);
}

export async function startPrometheus(targets: readonly string[], bearerToken: string): Promise<PrometheusServer> {
  const executable = findPrometheus();
  if (!executable) throw new Error(findPrometheusBlocker());
  const folder = mkdtempSync(join(tmpdir(), 'svc-prometheus-'));
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    executable,
    [
      `--config.file=${writeConfig(folder, targets, bearerToken)}`,
      `--storage.tsdb.path=${join(folder, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-8000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(url, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    async query(expression) {
      const response = await fetch(`${url}/api/v1/query?${new URLSearchParams({ query: expression })}`);
      const body = (await response.json()) as {
        status: string;
        error?: string;
        data: { result: { metric: Record<string, string>; value: [number, string] }[] };
      };
      if (body.status !== 'success') throw new Error(`query ${expression}: ${body.error}`);
      return body.data.result.map(({ metric, value }) => ({ metric, value: Number(value[1]) }));
    },
    async targets() {
      const body = (await (await fetch(`${url}/api/v1/targets`)).json()) as {
        data: { activeTargets: { labels: { instance: string }; lastScrape: string; health: string }[] };
      };
      return new Map(body.data.activeTargets.map((target) => [target.labels.instance, { lastScrapeMs: Date.parse(target.lastScrape), health: target.health }]));
    },
    stop,
  };
}
