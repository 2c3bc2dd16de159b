// The handler's answers to one route, read as they pass through `page.route`.
//
// Playwright's response objects (`page.waitForResponse`, `page.on('response')`) read a body back
// from Chromium after the page has consumed it. The engine reads handler answers as a stream
// (with a size cap), and Chromium does not keep a body it streamed to a reader, so
// `response.json()` there fails now and then with "No data found for resource". It is also
// asynchronous: a body read in a 'response' listener can land after the page has acted on it.
// Here the request is sent from the route, its answer parsed and recorded, and only then handed to
// the page: an answer the page has seen is always recorded, whatever Chromium keeps.
import type { Page } from 'playwright';

/** How long `nth` waits for an answer that has not passed yet, like Playwright's default timeout. */
const ANSWER_TIMEOUT_MS = 30_000;

export interface HandlerAnswers<T> {
  /** The parsed bodies that have passed so far, in the order they reached the page. */
  readonly bodies: readonly T[];
  /** The `index`-th answer (from 0), once it has reached the page. */
  nth(index: number): Promise<T>;
}

/**
 * Records the JSON answers to requests for `path` (a URL pathname such as
 * `/api/upload/presign`) on `page`. Call it before the page sends them; each answer reaches the
 * page unchanged (status, headers and body) after it is recorded.
 */
export async function recordHandlerAnswers<T>(page: Page, path: string): Promise<HandlerAnswers<T>> {
  const bodies: T[] = [];
  const waiters = new Set<() => void>();
  let unreadable: Error | undefined;
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      // The page sees exactly what the handler sent: a redirect is its answer, not something to follow.
      const response = await route.fetch({ maxRedirects: 0 });
      try {
        bodies.push((await response.json()) as T);
      } catch (error) {
        unreadable = new Error(`${path} answered ${response.status()} with a body that is not JSON: ${(error as Error).message}`);
      }
      await route.fulfill({ response });
      for (const wake of waiters) wake();
    },
  );

  function nth(index: number): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => settle(new Error(`answer ${index} to ${path} did not pass within ${ANSWER_TIMEOUT_MS} ms (${bodies.length} did)`)),
        ANSWER_TIMEOUT_MS,
      );
      function settle(failure?: Error): void {
        clearTimeout(timer);
        waiters.delete(check);
        if (failure) reject(failure);
        else resolve(bodies[index]!);
      }
      function check(): void {
        if (index < bodies.length) settle();
        else if (unreadable) settle(unreadable);
      }
      waiters.add(check);
      check();
    });
  }

  return {
    get bodies() {
      if (unreadable) throw unreadable;
      return bodies;
    },
    nth,
  };
}
