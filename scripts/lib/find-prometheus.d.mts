export function findPrometheus(): string | undefined;
