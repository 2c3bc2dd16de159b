// Runs a package's command-line entry (vite, storybook) in a child Node process, so its config
// loading is not affected by the tsx loader of the test process.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** Resolves when the tool exits with 0; rejects with its output otherwise. */
export async function runNodeTool(script: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  try {
    await execFileAsync(process.execPath, [script, ...args], {
      env: { ...process.env, ...env },
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${script} ${args.join(' ')} failed:\n${stdout}\n${stderr}`, { cause: error });
  }
}
