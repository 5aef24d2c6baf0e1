import { describe, expectTypeOf, it } from 'vitest';
import type { Wire } from '../../domain/wire';

describe('Wire', () => {
  it('turns dates into the strings JSON carries, however deep, and leaves the rest', () => {
    type Row = { at: Date; maybe: Date | null; n: number; tags: readonly string[]; nested: { when: Date }[] };
    expectTypeOf<Wire<Row>>().toEqualTypeOf<{
      at: string; maybe: string | null; n: number; tags: readonly string[]; nested: { when: string }[];
    }>();
    // Assigning a parsed JSON response: the ISO strings round-trip to the same shape.
    const row: Wire<Row> = JSON.parse(JSON.stringify({ at: new Date(0), maybe: null, n: 1, tags: [], nested: [{ when: new Date(0) }] }));
    expectTypeOf(row.nested[0]!.when).toBeString();
  });
});
