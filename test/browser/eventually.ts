// Polling for work a page does in the background. Imports nothing, so suites that load only the
// built bundle can use it without pulling the element's sources onto the page.

/** Polls `condition` until it holds; fails naming `what` after `limitMs`. */
export async function eventually(condition: () => Promise<boolean> | boolean, what: string, limitMs = 20_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
