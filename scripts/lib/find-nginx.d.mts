/** The nginx executable, installing it when that needs no one's consent; `undefined` when absent. */
export function findNginx(): string | undefined;
