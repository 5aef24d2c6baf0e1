// Input hygiene rules shared by the API and the UI (domain/input.ts) and the filters applied while typing
// (domain/typed-input.ts).
import { describe, expect, it } from 'vitest';
import { IsoDaySchema, isCleanInput, isCleanText, requestTargetProblem } from '../../domain/input';
import { applyTyped, filterTyped, type TypedKind } from '../../domain/typed-input';
import { PORTAL_MSG } from '../../domain/messages';

describe('clean text', () => {
  it.each([
    ['plain', true], ['réseau 🌐', true], ['', true],
    ['a\u0000b', false], ['\uD800', false], ['x\uDC00', false], ['\uDC00\uD800', false], ['\uD83C\uDF10', true],
  ])('%j → %s', (text, clean) => expect(isCleanText(text)).toBe(clean));

  it('looks at keys and values at any depth', () => {
    expect(isCleanInput({ a: [{ b: 'ok' }], n: 1, z: null })).toBe(true);
    expect(isCleanInput({ a: [{ b: 'x\u0000' }] })).toBe(false);
    expect(isCleanInput({ ['k\uD800']: 1 })).toBe(false);
    let deep: unknown = 'bad\uDFFF';
    for (let i = 0; i < 10_000; i += 1) deep = [deep];
    expect(isCleanInput(deep)).toBe(false);
  });
});

describe('request targets', () => {
  it.each([
    ['/api/v1/x?page=1&q=a%20b+c', null],
    ['/api/v1/project-area/%C3%A9', null],
    ['/api/v1/project-area/%00', PORTAL_MSG.badCharacters],
    ['/api/v1/x?q=%ED%A0%80', PORTAL_MSG.malformedAddress],
    ['/api/v1/x?q=%ZZ', PORTAL_MSG.malformedAddress],
    ['/api/v1/%', PORTAL_MSG.malformedAddress],
    ['/api/v1/x?a%00=1', PORTAL_MSG.badCharacters],
  ])('%s', (target, problem) => expect(requestTargetProblem(target)).toBe(problem));
});

describe('calendar days', () => {
  it.each([
    ['2024-02-29', true], ['2023-02-28', true], ['2024-12-31', true],
    ['2024-02-30', false], ['2023-02-29', false], ['2024-13-01', false], ['2024-00-10', false], ['0000-00-00', false],
    ['2024-04-31', false], ['2024-2-3', false], ['99999-01-01', false], ['2024-02-29T00:00:00Z', false],
  ])('%s → %s', (day, ok) => {
    const parsed = IsoDaySchema.safeParse(day);
    expect(parsed.success).toBe(ok);
    if (!parsed.success) expect(parsed.error.issues[0]!.message).toBe(PORTAL_MSG.dayInvalid);
  });
});

// ---- spec 5's input rules while typing -------------------------------------------------------

describe('filterTyped (spec 5: what each kind of input keeps as it is typed)', () => {
  it.each<[TypedKind, string, string]>([
    ['phone', '608555a0100', '(608) 555-0100'],
    ['phone', '60855501001', '(608) 555-0100'],
    ['phone', '+1 (608) 555-0100', '(608) 555-0100'],
    ['phone', 'abc', ''],
    ['number', '1a2.3.4', '12.34'],
    ['number', '-7', '7'],
    ['currency', '1234567.5', '1,234,567.5'],
    ['currency', '-1234', '-1,234'],
    ['currency', '$1,000.505', '1,000.50'],
    ['currency', '12-3', '123'],
    ['currency', '12.', '12.'],
    ['zip', '537031234', '53703-1234'],
    ['zip', '5370312345', '53703-1234'],
    ['zip', '53a70', '5370'],
    ['date', '01152025', '01/15/2025'],
    ['date', '1/', '01/'],
    ['date', '01/1', '01/1'],
    ['date', '01/15/', '01/15/'],
    ['date', '011520251', '01/15/2025'],
    ['date', 'x', ''],
    ['alphanumeric', 'LIC-12 34#_', 'LIC-12 34'],
    ['applicationNumber', 'ga-abc123', 'GA-ABC123'],
    ['applicationNumber', 'abc123', 'GA-ABC123'],
    ['applicationNumber', 'GA-ABC1234', 'GA-ABC123'],
    ['applicationNumber', 'g', 'G'],
  ])('%s: %j → %j', (kind, typed, shown) => expect(filterTyped(kind, typed)).toBe(shown));
});

describe('applyTyped (the caret and refused characters)', () => {
  it('keeps the caret after the same digits when a digit is typed in the middle of a phone', () => {
    // '(608) 55|0-100' and a 5 typed at the caret: the browser holds '(608) 5550-100' with the caret after the
    // new 5 (index 9); the regrouped '(608) 555-0100' keeps it right after that 5.
    const result = applyTyped('phone', '(608) 5550-100', 9, '(608) 550-100');
    expect(result.value).toBe('(608) 555-0100');
    expect(result.caret).toBe(9);
    expect(result.refused).toBe(false);
  });

  it('keeps a caret at the end at the end (a slash or dash added)', () => {
    expect(applyTyped('date', '011', 3, '01')).toEqual({ value: '01/1', caret: 4, refused: false });
    expect(applyTyped('zip', '537031', 6, '53703')).toEqual({ value: '53703-1', caret: 7, refused: false });
    expect(applyTyped('currency', '1234', 4, '123')).toEqual({ value: '1,234', caret: 5, refused: false });
  });

  it('says a typed character was refused: a letter, a second dot, one digit too many', () => {
    expect(applyTyped('phone', '(608) 5a', 7, '(608) 5')).toEqual({ value: '(608) 5', caret: 7, refused: true });
    expect(applyTyped('number', '1.2.', 4, '1.2')).toEqual({ value: '1.2', caret: 3, refused: true });
    expect(applyTyped('zip', '53703-12345', 11, '53703-1234')).toEqual({ value: '53703-1234', caret: 10, refused: true });
    expect(applyTyped('applicationNumber', 'GA-ABC1234', 10, 'GA-ABC123').refused).toBe(true);
  });

  it('keeps the caret in place when a refused letter is typed in the middle', () => {
    // '12|34' + 'x' → '12x34', caret 3: the value stays '1,234' and the caret stays after the 2.
    expect(applyTyped('currency', '1,2x34', 4, '1,234')).toEqual({ value: '1,234', caret: 3, refused: true });
  });

  it('fixes the prefix of a pasted application number and upper-cases it, caret at the end', () => {
    expect(applyTyped('applicationNumber', 'abc123', 6, '')).toEqual({ value: 'GA-ABC123', caret: 9, refused: false });
  });

  it('does not call a formatted paste refused, nor a deletion', () => {
    expect(applyTyped('phone', '608.555.0100', 12, '').refused).toBe(false);
    expect(applyTyped('phone', '(608) 555-010', 13, '(608) 555-0100').refused).toBe(false);
    expect(applyTyped('date', '01/1', 4, '01/15').refused).toBe(false);
  });
});

describe('applyTyped: a caret after formatting', () => {
  it('stays after the formatting it stood after when a digit is deleted', () => {
    // '(608) 5|55-0100' and Backspace: the browser holds '(608) 55-0100' with the caret after '(608) '.
    expect(applyTyped('phone', '(608) 55-0100', 6, '(608) 555-0100')).toEqual({ value: '(608) 550-100', caret: 6, refused: false });
  });
});
