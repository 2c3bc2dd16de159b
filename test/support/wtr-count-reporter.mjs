// A web-test-runner reporter that writes the pass/fail/skip totals to a JSON file, so the test
// script can sum every suite into one closing line (wtr's own summary shares a line with its
// progress bar).
import { writeFileSync } from 'node:fs';

function countTests(suite, totals) {
  for (const test of suite?.tests ?? []) {
    if (test.skipped) totals.skipped += 1;
    else if (test.passed) totals.passed += 1;
    else totals.failed += 1;
  }
  for (const child of suite?.suites ?? []) countTests(child, totals);
}

export function countReporter(path) {
  return {
    onTestRunFinished({ sessions }) {
      const totals = { passed: 0, failed: 0, skipped: 0 };
      for (const session of sessions) {
        countTests(session.testResults, totals);
        // A file that failed to load or threw outside a test counts as one failure.
        if (!session.passed && (session.errors?.length ?? 0) > 0) totals.failed += 1;
      }
      writeFileSync(path, JSON.stringify(totals));
    },
  };
}
