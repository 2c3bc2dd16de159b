/** Scripted answers of the handler and storage (test/support/wtr-network-fixtures.mjs). */

/** One scripted answer: canned status/body/headers, a hang, or the real answer with changes. */
export interface ScriptedAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  hang?: boolean;
  /** Bytes of `x` streamed in place of `{pad}` in the body: an enormous answer. */
  padBytes?: number;
  /** Pause before each 64 KiB chunk of the padding; default 2 ms. */
  paceMs?: number;
  /** Fields merged into the real handler's JSON answer. */
  rewrite?: Record<string, unknown>;
  /** The upload URL the client gets instead of the real one. */
  rewriteUploadUrl?: string;
  /** The handler does its work, then the connection breaks before the client reads the answer. */
  dropAnswer?: boolean;
}

export interface NetworkPlanSpec {
  /** Handler route (`presign`, `multipart/init`, …) → answers played one per request. */
  handler?: Record<string, ScriptedAnswer[]>;
  /** `file` (single PUT) or a part number → storage answers played one per PUT. */
  storage?: Record<string, ScriptedAnswer[]>;
}

export interface NetworkPlan {
  serverUrl: string;
  log(): Promise<{ handler: string[]; storage: string[] }>;
}

export async function createNetworkPlan(spec: NetworkPlanSpec): Promise<NetworkPlan> {
  const response = await fetch('/test-fixtures/network-plans', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(spec) });
  const { id } = (await response.json()) as { id: string };
  return {
    serverUrl: `/test-fixtures/network/${id}`,
    log: async () => (await (await fetch(`/test-fixtures/network-plans/${id}`)).json()) as { handler: string[]; storage: string[] },
  };
}
