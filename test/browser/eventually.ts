// Polling for work a page does in the background. Imports nothing, so suites that load only the
// built bundle can use it without pulling the element's sources onto the page.

/**
 * Polls `condition` until it holds; fails naming `what` after `limitMs`, a watchdog with the same
 * slack as the element helpers' `until` for a loaded machine (a condition that holds ends the wait
 * at once, so the limit never slows a passing test).
 */
export async function eventually(condition: () => Promise<boolean> | boolean, what: string, limitMs = 60_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
