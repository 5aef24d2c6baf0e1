// Issue 41 item 10: table question 84's application number cells. The spec upper-cases the field (spec 5), so a
// lower-case `ga-lkv004` is accepted and stored `GA-LKV004`, by the one validation and the one stored form the
// browser, the UI server and the API share (domain/validation, domain/format).
import { describe, expect, it } from 'vitest';
import { validateAnswer, validateTableCell } from '../../domain/validation';
import { normalizeAnswer, normalizeAnswers } from '../../domain/format';
import type { QuestionDef } from '../../domain/questions';

const COLUMN = { name: 'Application number', type: 'ApplicationNumber' as const };
const RELATED = {
  id: 'q-84', systemNo: '84', text: 'Related applications in this round', type: 'Table', mandatory: false, level: 0,
  tableColumns: [COLUMN, { name: 'Project area', type: 'Text' }],
} as unknown as QuestionDef;
const OPTS = { context: 'application' as const, answersBySystemNo: {} };
const REFUSED = 'Field Application number must be GA- followed by 6 letters or digits.';

describe('application number cells', () => {
  it.each([
    ['GA-LKV004', null],
    ['ga-lkv004', null],
    ['Ga-Lkv004', null],
    [' ga-lkv004 ', null],
    ['ga-lkv00', REFUSED],
    ['ga-lkv0045', REFUSED],
    ['gb-lkv004', REFUSED],
    ['lkv004', REFUSED],
  ])('the cell %j: %s', (typed, message) => {
    expect(validateTableCell(COLUMN, typed)).toBe(message);
  });

  it('a lower-case number is stored upper-case, the other cells as typed', () => {
    const typed = [{ application_number: 'ga-lkv004', project_area: 'North shore' }, { application_number: ' ga-smt002 ', project_area: 'east' }];
    expect(normalizeAnswer(RELATED, typed)).toEqual([
      { application_number: 'GA-LKV004', project_area: 'North shore' },
      { application_number: 'GA-SMT002', project_area: 'east' },
    ]);
    expect(normalizeAnswers([RELATED], { 'q-84': typed })['q-84']).toEqual(normalizeAnswer(RELATED, typed));
    expect(validateAnswer(RELATED, typed, OPTS)).toBeNull();
  });

  it('a wrong number is still refused, and an empty cell stays empty', () => {
    expect(validateAnswer(RELATED, [{ application_number: 'ga-lkv0', project_area: 'North' }], OPTS)).toBe(REFUSED);
    expect(normalizeAnswer(RELATED, [{ application_number: '', project_area: 'North' }])).toEqual([{ application_number: '', project_area: 'North' }]);
  });
});
