// app/styles/chakra-subset.ts is generated from the installed @chakra-ui/react by scripts/gen-chakra-subset.mjs
// (decision 014): after a Chakra upgrade, or a change of the palettes the script keeps, the committed file must be
// written again, or pages would style with the old tokens. This fails when it is stale.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

describe('app/styles/chakra-subset.ts', () => {
  it('is what scripts/gen-chakra-subset.mjs writes from the installed Chakra', () => {
    const generated = execFileSync(process.execPath, ['scripts/gen-chakra-subset.mjs', '--stdout'], { cwd: root, encoding: 'utf8' });
    const committed = fs.readFileSync(path.join(root, 'app/styles/chakra-subset.ts'), 'utf8');
    expect(generated.length).toBeGreaterThan(1000);
    // A diff names the first line that differs rather than printing two 700-line files.
    const a = committed.split('\n');
    const b = generated.split('\n');
    const first = a.findIndex((line, i) => line !== b[i]);
    expect(first === -1 && a.length === b.length ? null : { line: first + 1, committed: a[first], generated: b[first] }, 'run node scripts/gen-chakra-subset.mjs').toBeNull();
  }, 60_000);
});
