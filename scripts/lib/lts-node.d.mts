export const OLDEST_SUPPORTED_NODE: number;
export const LTS_RUNTIME: 'node24';
export function ensureLtsNode(): Promise<void>;
