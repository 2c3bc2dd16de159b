/**
 * `node:crypto` where the runtime has it as a built-in (Node, Bun, Deno), else null. Read through
 * `process.getBuiltinModule`, never a static import: that would stop the handler from loading on
 * workerd without `nodejs_compat`.
 */
import type * as NodeCrypto from 'node:crypto';

export type BuiltinCrypto = Pick<typeof NodeCrypto, 'createHash' | 'createHmac' | 'createSecretKey'>;

let builtinCrypto: BuiltinCrypto | null | undefined;

export function getBuiltinCrypto(): BuiltinCrypto | null {
  if (builtinCrypto !== undefined) return builtinCrypto;
  const runtime = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  try {
    builtinCrypto = (runtime?.getBuiltinModule?.('node:crypto') as BuiltinCrypto | undefined) ?? null;
  } catch {
    builtinCrypto = null;
  }
  return builtinCrypto;
}
