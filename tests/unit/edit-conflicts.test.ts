// The merge rule of a refused save (issue 43 part 1, docs/decisions/099) and the conflict notice's words.
import { describe, expect, it } from 'vitest';
import { EDIT_CONFLICT_MSG, mergeEdits } from '../../domain/edit-conflicts';

describe('mergeEdits', () => {
  const keys = ['a', 'b', 'c', 'd', 'e'];
  const base = { a: 'one', b: 'two', c: 'three', d: 'four', e: null };
  const mine = { a: 'one', b: 'two (mine)', c: 'three (mine)', d: 'four (both)', e: '' };
  const theirs = { a: 'one (theirs)', b: 'two', c: 'three (theirs)', d: 'four (both)', e: null };

  it('takes theirs where only they changed, keeps mine where only I did, asks where both changed differently', () => {
    const { merged, conflicts } = mergeEdits(keys, base, mine, theirs);
    expect(merged).toEqual({ a: 'one (theirs)', b: 'two (mine)', c: 'three (mine)', d: 'four (both)', e: '' });
    expect(conflicts).toEqual(['c']);
  });

  it('compares objects whatever their key order, and empty values as equal', () => {
    const { conflicts, merged } = mergeEdits(['x', 'y'], { x: { city: 'Ames', zip: '50010' }, y: [] }, { x: { zip: '50010', city: 'Ames' }, y: null }, { x: { city: 'Boone', zip: '50036' }, y: [] });
    expect(conflicts).toEqual([]);
    expect(merged.x).toEqual({ city: 'Boone', zip: '50036' });
  });
});

describe('the conflict notice', () => {
  it('names who saved and when, in New York time', () => {
    expect(EDIT_CONFLICT_MSG.notice('Sam Summit', '2026-11-21T20:42:00Z')).toBe('Sam Summit saved this section at 3:42 PM while you were editing.');
  });
});

describe('blank values', () => {
  it('reads a form’s blank table row and an empty checkbox list as no answer', () => {
    const { conflicts, merged } = mergeEdits(['t', 'c'], { t: null, c: null }, { t: [{ name: '', role: '' }], c: [] }, { t: [{ name: 'Northern Splicing', role: 'Splicing' }], c: null });
    expect(conflicts).toEqual([]);
    expect(merged.t).toEqual([{ name: 'Northern Splicing', role: 'Splicing' }]);
  });
});
