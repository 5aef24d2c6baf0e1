// Prints one closing line for the whole run: "N passed, N failed" (N skipped), after the name and first error line
// of each failed test, so that a CI log's tail says which test failed, not only how many. In CI each suite runs a
// failed test once more (decision 050): a test that passed on that retry does not fail the run, and is named here
// with the error of its first try, so that it is seen and mended.
import fs from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const retried = [];
const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null);
const firstLine = (text) =>
  String(text ?? '')
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .find((line) => line.trim()) ?? '';

const vitest = read('reports/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  for (const file of vitest.testResults ?? []) {
    const where = String(file.name ?? '').replace(`${process.cwd()}/`, '');
    for (const test of file.assertionResults ?? []) {
      const line = `Vitest ${where} › ${test.fullName ?? test.title}: ${firstLine(test.failureMessages?.[0])}`;
      if (test.status === 'failed') failures.push(line);
      // A passed test that carries an error failed a try before its retry passed.
      else if (test.status === 'passed' && test.failureMessages?.length) retried.push(line);
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed')) {
      failures.push(`Vitest ${where} (outside its tests): ${firstLine(file.message)}`);
    }
  }
  // Errors outside any test (an unhandled rejection, a file that fails to load) fail the run with every test passed.
  if (vitest.success === false && !vitest.numFailedTests) {
    console.log('Vitest reported errors outside the tests (see "Unhandled Errors" or "Failed Suites" above).');
    failed += 1;
  }
} else {
  console.log('No Vitest results found.');
  failed += 1;
}

/** Walks Playwright's suites for the tests that failed, and those that passed only on their retry. */
function playwrightFailures(suite, titles = []) {
  const path = suite.title ? [...titles, suite.title] : titles;
  for (const child of suite.suites ?? []) playwrightFailures(child, path);
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === 'unexpected' || test.status === 'flaky') {
        const error = test.results?.find((result) => result.error)?.error;
        const line = `Playwright [${test.projectName}] ${[...path, spec.title].join(' › ')}: ${firstLine(error?.message)}`;
        (test.status === 'flaky' ? retried : failures).push(line);
      }
    }
  }
}

const e2e = read('reports/e2e.json');
if (e2e?.stats) {
  passed += e2e.stats.expected ?? 0;
  passed += e2e.stats.flaky ?? 0; // passed on its retry: named below
  failed += e2e.stats.unexpected ?? 0;
  skipped += e2e.stats.skipped ?? 0;
  for (const suite of e2e.suites ?? []) playwrightFailures(suite);
  for (const error of e2e.errors ?? []) {
    console.log(`Playwright error outside the tests: ${String(error.message ?? error.value ?? '').split('\n')[0]}`);
    failed += 1;
  }
} else {
  console.log('No Playwright results found.');
  failed += 1;
}

if (retried.length) {
  console.log(`\nPassed only on their retry (flaky: mend them):\n${retried.map((line) => `  ${line.slice(0, 400)}`).join('\n')}`);
}
if (failures.length) console.log(`\nFailed:\n${failures.map((line) => `  ${line.slice(0, 400)}`).join('\n')}`);
console.log(`\n${passed} passed${retried.length ? ` (${retried.length} of them on a retry)` : ''}, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
