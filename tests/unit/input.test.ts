// Input hygiene rules shared by the API and the UI (domain/input.ts).
import { describe, expect, it } from 'vitest';
import { IsoDaySchema, isCleanInput, isCleanText, requestTargetProblem } from '../../domain/input';
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
