// Closing summary of `npm test`: each step's wall time, then the plain closing line CI reads
// ("Tests: N passed, N failed, N skipped") summed over vitest's JSON reports, because vitest's
// own summary line is not in a format CI recognises.
// Usage: node scripts/print-test-summary.mjs <timings.tsv> [vitest-report.json ...]
import { readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

const [timingsPath, ...reportPaths] = process.argv.slice(2);

const steps = readFileSync(timingsPath, 'utf8')
  .trim()
  .split('\n')
  .filter(Boolean)
  .map((line) => {
    const [name, seconds, status] = line.split('\t');
    return { name, seconds: Number(seconds), passed: status === '0' };
  });

const formatTime = (seconds) =>
  `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
const width = Math.max(...steps.map((step) => step.name.length));
console.log('\nWall time per step:');
for (const step of steps) {
  console.log(
    `  ${step.name.padEnd(width)}  ${formatTime(step.seconds)}  ${step.passed ? 'passed' : 'FAILED'}`,
  );
}
console.log(
  `  ${'total'.padEnd(width)}  ${formatTime(steps.reduce((sum, step) => sum + step.seconds, 0))}`,
);

let passed = 0;
let failed = 0;
let skipped = 0;
// CI keeps only the tail of the output, so the failures are named again here, last.
const failures = [];
for (const path of reportPaths) {
  try {
    const report = JSON.parse(readFileSync(path, 'utf8'));
    for (const file of report.testResults ?? []) {
      const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of failedTests) {
        const firstLine = stripVTControlCharacters(test.failureMessages?.[0] ?? '')
          .split('\n')[0]
          .slice(0, 300);
        failures.push(
          `${file.name.replace(`${process.cwd()}/`, '')} > ${test.fullName}\n      ${firstLine}`,
        );
      }
      if (failedTests.length === 0 && file.status === 'failed') {
        failures.push(
          `${file.name.replace(`${process.cwd()}/`, '')}\n      ${(file.message ?? '').split('\n')[0].slice(0, 300)}`,
        );
      }
    }
    passed += report.numPassedTests ?? 0;
    // A failed test also fails its file and describe blocks: count suites only when no test
    // failed (a file that could not load, a failing beforeAll).
    failed += report.numFailedTests || (report.numFailedTestSuites ?? 0);
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  } catch (error) {
    console.error(`print-test-summary: cannot read ${path}: ${error.message}`);
    failed += 1;
  }
}
// A step that failed before vitest wrote a report (type errors, a failed build) still fails.
if (failed === 0 && steps.some((step) => !step.passed)) failed = 1;
if (failures.length > 0) {
  console.log('\nFailed:');
  for (const failure of failures) console.log(`  ${failure}`);
}
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
