// The test files a Vitest JSON report names as failed (a test failed, or the file itself), one per line, relative to
// the project: `npm test` runs them once more on a fresh database in CI (decision 094). Exits 1 when the report is
// missing or unreadable (the failure was not a test's: nothing to run again).
import fs from 'node:fs';
import path from 'node:path';

const file = process.argv[2] ?? 'reports/vitest.json';
let report;
try {
  report = JSON.parse(fs.readFileSync(file, 'utf8'));
} catch {
  process.exit(1);
}
const failed = new Set();
for (const result of report.testResults ?? []) {
  const broken = result.status === 'failed' || (result.assertionResults ?? []).some((test) => test.status === 'failed');
  if (broken) failed.add(path.relative(process.cwd(), String(result.name)));
}
console.log([...failed].sort().join('\n'));
