// Prints the plain closing line CI reads ("Tests: N passed, N failed, N skipped") from
// vitest's JSON report, because vitest's own summary line is not in a format CI recognises.
import { readFileSync } from 'node:fs';

const reportPath = process.argv[2];
try {
  const report = JSON.parse(readFileSync(reportPath, 'utf8'));
  const passed = report.numPassedTests ?? 0;
  const failed = (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0);
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
} catch (error) {
  console.error(`print-test-summary: cannot read ${reportPath}: ${error.message}`);
  console.log('Tests: 0 passed, 1 failed');
}
