// A web-test-runner reporter that writes the pass/fail/skip totals, and the name of every failed
// test, to a JSON file, so the test script can sum every suite into one closing line and repeat the
// failures under it (wtr's own summary shares a line with its progress bar, and a CI log keeps only
// its tail).
import { relative } from 'node:path';
import { writeFileSync } from 'node:fs';

function countTests(suite, totals, file, path = []) {
  for (const test of suite?.tests ?? []) {
    if (test.skipped) totals.skipped += 1;
    else if (test.passed) totals.passed += 1;
    else {
      totals.failed += 1;
      totals.failures.push(`${file}: ${[...path, test.name].join(' > ')}`);
    }
  }
  for (const child of suite?.suites ?? []) countTests(child, totals, file, [...path, child.name]);
}

export function countReporter(path) {
  return {
    onTestRunFinished({ sessions }) {
      const totals = { passed: 0, failed: 0, skipped: 0, failures: [] };
      for (const session of sessions) {
        const file = relative(process.cwd(), session.testFile);
        countTests(session.testResults, totals, file);
        // A file that failed to load or threw outside a test counts as one failure.
        if (!session.passed && (session.errors?.length ?? 0) > 0) {
          totals.failed += 1;
          totals.failures.push(`${file}: ${session.errors[0]?.message ?? 'failed outside a test'}`);
        }
      }
      writeFileSync(path, JSON.stringify(totals));
    },
  };
}
