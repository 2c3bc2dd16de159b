export function findHaproxy(): string | undefined;
