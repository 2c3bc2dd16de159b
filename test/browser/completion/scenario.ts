/**
 * A completion scenario: the real handler (with counting hooks and, when asked, a verifyUpload)
 * behind the fault-injecting proxy of test/support/wtr-fault-proxy-fixtures.mjs, in front of the
 * test storage. Every count is read back from the server: hook calls and the bucket's objects.
 */

export interface StorageRule {
  match: 'put' | 'part' | 'create' | 'complete' | 'list-parts' | 'marker';
  side?: 'browser' | 'handler';
  fault: 'lose-answer' | 'reset' | 'hang' | '500';
  times?: number;
}

export interface ScenarioSpec {
  storage?: StorageRule[];
  handler?: { dropAnswer?: string[]; verdict?: 'eicar' | { delayMs: number } };
}

export interface HookCall {
  hook: 'onFileUploaded' | 'verifyUpload';
  key: string;
  uploadId?: string;
  source?: string;
}

export interface ScenarioState {
  proxy: string[];
  handler: string[];
  hooks: HookCall[];
  unfired: string[];
  objects: Array<{ key: string; size: number }>;
}

export interface Scenario {
  /** The handler's base URL, for `serverUrl` / `server-url`. */
  serverUrl: string;
  /** What happened so far; `objects` are those whose key contains `name`. */
  state(name: string): Promise<ScenarioState>;
  stop(): Promise<void>;
}

export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

export async function startScenario(spec: ScenarioSpec): Promise<Scenario> {
  const { id } = (await (await fetch('/test-fixtures/fault-proxy', { method: 'POST', body: JSON.stringify(spec) })).json()) as { id: string };
  return {
    serverUrl: `/test-fixtures/proxied/${id}`,
    state: async (name) => (await (await fetch(`/test-fixtures/fault-proxy/${id}?name=${encodeURIComponent(name)}`)).json()) as ScenarioState,
    stop: async () => {
      await fetch(`/test-fixtures/fault-proxy/${id}`, { method: 'DELETE' });
    },
  };
}

/** `onFileUploaded` calls per stored key: what "exactly once per object" is checked against. */
export function uploadedHooksByKey(state: ScenarioState): Map<string, number> {
  const counts = new Map<string, number>();
  for (const call of state.hooks) if (call.hook === 'onFileUploaded') counts.set(call.key, (counts.get(call.key) ?? 0) + 1);
  return counts;
}
