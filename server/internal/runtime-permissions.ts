/**
 * What a runtime must grant before the handler can reach storage. Deno is the only runtime that
 * withholds anything: the AWS SDK reads the OS release for its user agent on the first storage
 * call, which Deno allows only with `--allow-sys` (`--allow-sys=osRelease` is enough). Without it
 * every upload would fail with a 500 at run time, so the handler refuses to start instead.
 * (`--allow-env` and `--allow-net` are needed too; Deno itself stops at import without the first.)
 */
import { createConfigError } from '../errors.js';

interface DenoPermissions {
  permissions?: { querySync?: (descriptor: { name: 'sys'; kind: 'osRelease' }) => { state: string } };
}

export function assertRuntimePermissions(): void {
  const deno = (globalThis as { Deno?: DenoPermissions }).Deno;
  const querySync = deno?.permissions?.querySync;
  if (typeof querySync !== 'function') return;
  const { state } = querySync.call(deno!.permissions, { name: 'sys', kind: 'osRelease' });
  if (state !== 'granted') {
    throw createConfigError(
      'On Deno, run with --allow-sys=osRelease (and --allow-net, --allow-env): the AWS SDK reads the OS release for the user agent of every storage call',
    );
  }
}
