/** Builds the Workers entry into `outfile` (default dist/server/workers.js) and returns its path. */
export function buildWorkersEntry(outfile?: string): Promise<string>;
