// Prints one closing line for the whole run: "N passed, N failed" (N skipped).
import fs from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null);

const vitest = read('reports/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  // Errors outside any test (an unhandled rejection, a file that fails to load) fail the run with every test passed.
  if (vitest.success === false && !vitest.numFailedTests) {
    console.log('Vitest reported errors outside the tests (see "Unhandled Errors" or "Failed Suites" above).');
    failed += 1;
  }
} else {
  console.log('No Vitest results found.');
  failed += 1;
}

const e2e = read('reports/e2e.json');
if (e2e?.stats) {
  passed += e2e.stats.expected ?? 0;
  failed += (e2e.stats.unexpected ?? 0) + (e2e.stats.flaky ?? 0);
  skipped += e2e.stats.skipped ?? 0;
  for (const error of e2e.errors ?? []) {
    console.log(`Playwright error outside the tests: ${String(error.message ?? error.value ?? '').split('\n')[0]}`);
    failed += 1;
  }
} else {
  console.log('No Playwright results found.');
  failed += 1;
}

console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
