/**
 * A load generator in its own process, so a benchmark's server process spends its CPU on the
 * server alone: the parent sends a run (a port, a path, the bodies to cycle through, how many
 * requests and how many at once), this process POSTs them over kept-alive loopback connections and
 * answers with the run's figures. Anything but 200 fails the run.
 *
 * Started by `startLoadClient()`; the module is also the child's entry point.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { postJson, runBounded, type RunFigures } from '../server-handler-support.js';

interface LoadRun {
  port: number;
  path: string;
  /** Bodies, sent in turn as JSON. */
  bodies: unknown[];
  headers: Record<string, string>;
  count: number;
  concurrency: number;
}

type Answer = { figures: RunFigures } | { error: string };

if (process.send !== undefined && process.argv.includes('--load-client')) {
  process.on('message', (run: LoadRun) => {
    runBounded(run.count, run.concurrency, (index) => postJson(run.port, run.path, run.bodies[index % run.bodies.length], run.headers)).then(
      (figures) => process.send!({ figures } satisfies Answer),
      (error: unknown) => process.send!({ error: String(error) } satisfies Answer),
    );
  });
}

export interface LoadClient {
  run(run: LoadRun): Promise<RunFigures>;
  close(): void;
}

/** One load-generating child process; runs are sent to it one at a time. */
export function startLoadClient(): LoadClient {
  const child: ChildProcess = fork(new URL(import.meta.url).pathname, ['--load-client'], { stdio: 'inherit' });
  return {
    run(run) {
      return new Promise((resolve, reject) => {
        child.once('message', (answer: Answer) => ('figures' in answer ? resolve(answer.figures) : reject(new Error(answer.error))));
        child.send(run);
      });
    },
    close: () => child.kill(),
  };
}
