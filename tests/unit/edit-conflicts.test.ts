// The merge rule of a refused save (issue 43 part 1, docs/decisions/099) and the conflict notice's words.
import { describe, expect, it } from 'vitest';
import { EDIT_CONFLICT_MSG, mergeEdits } from '../../domain/edit-conflicts';
import { conflictEditState, conflictOutcome, heldEditState } from '../../app/utils/edit-conflict';

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

describe('the form side for keyed values other than questions (app/utils/edit-conflict.ts)', () => {
  const refusal = {
    code: 'EDIT_CONFLICT' as const, version: 'v2',
    answers: { q23: { passFail: null, score: 8, comment: null }, q25: { passFail: null, score: 4, comment: null } },
    savedBy: { id: 'u1', name: 'Tess Typist' }, savedAt: '2026-03-02T20:42:00Z',
  };
  const words = { label: (id: string) => `Mark for ${id}`, text: (_id: string, v: unknown) => (v ? `${(v as { score: number }).score} points` : 'Not marked') };

  it('takes the current state from the refusal: its version, and no value for a key it leaves out', () => {
    expect(conflictEditState(refusal, ['q23', 'q25', 'q27'])).toEqual({ version: 'v2', base: { q23: refusal.answers.q23, q25: refusal.answers.q25, q27: null }, panel: null });
  });

  it('merges marks, names who saved, and writes both sides of a conflicting mark with the form’s own words', () => {
    const mine = { q23: { passFail: null, score: 6, comment: null }, q25: null, q27: null };
    const outcome = conflictOutcome({ words, conflict: refusal, current: conflictEditState(refusal, Object.keys(mine)), base: { q23: null, q25: null, q27: null }, mine });
    expect(outcome.values).toEqual({ q23: { passFail: null, score: 6, comment: null }, q25: { passFail: null, score: 4, comment: null }, q27: null });
    expect(outcome.state.version).toBe('v2');
    expect(outcome.state.panel).toEqual({
      notice: 'Tess Typist saved this section at 3:42 PM while you were editing.',
      items: [{ id: 'q23', label: 'Mark for q23', mine: '6 points', theirs: '8 points' }],
    });
  });

  it('held answers go on from the version their form carried, else from the view', () => {
    const view = { version: 'now', base: { a: 'saved' }, panel: null };
    const held = new FormData();
    held.set('edit.version', 'then');
    held.set('edit.base', JSON.stringify({ a: 'before' }));
    expect(heldEditState(held, view)).toEqual({ version: 'then', base: { a: 'before' }, panel: null });
    expect(heldEditState(new FormData(), view)).toBe(view);
  });
});
