// Shared input rules and their exact messages (spec 5), and status badge colours (spec 4).
import { describe, expect, it } from 'vitest';
import { EmailSchema, OtpSchema, PhoneSchema, SignupSchema } from '../../domain/auth-schemas';
import { MSG, PORTAL_MSG } from '../../domain/messages';
import { badgeColour, statusLabel, APPLICATION_STATUSES } from '../../domain/statuses';
import { parseProjectAreasCsv } from '../../api/seed';

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('email', () => {
  it.each([
    ['org.admin@example.org', null],
    ['  Mixed.Case@Example.GOV ', null],
    ['', MSG.emailRequired],
    ['no-at-sign', MSG.invalidEmail],
    ['two words@example.org', MSG.invalidEmail],
    ['a@b', MSG.invalidEmail],
  ])('%j → %j', (value, message) => {
    expect(firstError(EmailSchema.safeParse(value))).toBe(message);
  });
  it('says required when missing', () => {
    expect(firstError(EmailSchema.safeParse(undefined))).toBe(MSG.emailRequired);
  });
});

describe('sign-in code', () => {
  it.each([['123456', null], [' 654321 ', null], ['12345', PORTAL_MSG.codeShape], ['12a456', PORTAL_MSG.codeShape], ['1234567', PORTAL_MSG.codeShape]])(
    '%j → %j',
    (value, message) => expect(firstError(OtpSchema.safeParse(value))).toBe(message),
  );
});

describe('phone', () => {
  it.each([
    ['6085550100', '6085550100'],
    ['(608) 555-0100', '6085550100'],
    ['+1 608 555 0100', '6085550100'],
  ])('%j is 10 digits', (value, digits) => {
    expect(PhoneSchema.parse(value)).toBe(digits);
  });
  it.each(['555-0100', '60855501001', 'phone'])('%j → the spec message', (value) => {
    expect(firstError(PhoneSchema.safeParse(value))).toBe(MSG.phoneDigits);
  });
});

describe('sign-up', () => {
  const valid = { legalName: 'Lakeview', firstName: 'Mary-Jo', lastName: "D'Arcy", email: 'mj@example.org' };
  it('accepts names with hyphens, apostrophes and spaces, phone optional', () => {
    expect(SignupSchema.safeParse(valid).success).toBe(true);
  });
  it('gives one message per field, the spec wording', () => {
    const result = SignupSchema.safeParse({ legalName: ' ', firstName: '', lastName: 'Sm1th', email: '' });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byField).toEqual({
      legalName: PORTAL_MSG.orgNameRequired,
      firstName: MSG.firstNameRequired,
      lastName: MSG.lastNameChars,
      email: MSG.emailRequired,
    });
    expect(result.error!.issues).toHaveLength(4);
  });
});

describe('status badges', () => {
  it.each([
    ['DRAFT', 'warning'], ['REVISION_NEEDED', 'warning'], ['pending', 'warning'], ['new', 'warning'],
    ['SUBMITTED', 'success'], ['AWARDED', 'success'], ['review completed', 'success'], ['approved', 'success'],
    ['in review', 'info'],
    ['REJECTED', 'error'], ['CANCELLED', 'error'], ['NOT_REMEDIATED', 'error'],
  ])('%s → %s', (status, colour) => expect(badgeColour(status)).toBe(colour));

  it('labels every status in words', () => {
    expect(statusLabel('GATING_AWAITING_STATE_CONSENSUS')).toBe('Gating Awaiting State Consensus');
    expect(APPLICATION_STATUSES).toHaveLength(22);
  });
});

describe('project areas CSV', () => {
  it('reads rows, quoted names included', () => {
    const rows = parseProjectAreasCsv('name,unserved,underserved,served,cai\n"Adams County, North",10,5,100,2\nBrown,0,0,3,1\n');
    expect(rows).toEqual([
      { name: 'Adams County, North', unservedLocationsCount: 10, underservedLocationsCount: 5, servedLocationsCount: 100, caiCount: 2 },
      { name: 'Brown', unservedLocationsCount: 0, underservedLocationsCount: 0, servedLocationsCount: 3, caiCount: 1 },
    ]);
  });
  it('names the bad line', () => {
    expect(() => parseProjectAreasCsv('name,unserved,underserved,served,cai\nBad,x,1,1,1')).toThrow(/line 2/);
    expect(() => parseProjectAreasCsv('wrong,header')).toThrow(/header/);
  });
});

describe('history in words', () => {
  it('describes each action for a person', async () => {
    const { describeAction } = await import('../../domain/history');
    const base = { applicationId: 'GA-ABC123', fromStatus: null, toStatus: null, comments: null, details: null };
    expect(describeAction({ ...base, action: 'APPLICATION_CREATED' })).toBe('Created application GA-ABC123 as a draft');
    expect(describeAction({ ...base, action: 'STATUS_CHANGED', fromStatus: 'SUBMITTED', toStatus: 'GATING_REVIEW' })).toBe(
      'Changed the status of GA-ABC123 from Submitted to Gating Review',
    );
    expect(describeAction({ ...base, action: 'SECTION_SAVED', details: { sectionName: 'Budget & Match', changed: ['26', '27'] } })).toBe(
      'Saved the section Budget & Match (questions 26, 27)',
    );
    expect(describeAction({ ...base, action: 'SOMETHING_NEW' })).toBe('Something new');
  });
});

describe('dates in New York', () => {
  it('formats list dates and finds day bounds across daylight saving', async () => {
    const { formatListDate, zonedDayStart, dateRangeBounds } = await import('../../domain/dates');
    expect(formatListDate('2026-11-21T03:30:00Z')).toBe('11-20-2026');
    expect(zonedDayStart('2026-07-04').toISOString()).toBe('2026-07-04T04:00:00.000Z');
    expect(zonedDayStart('2026-12-25').toISOString()).toBe('2026-12-25T05:00:00.000Z');
    // Saturday 21 November 2026, noon in New York.
    const now = new Date('2026-11-21T17:00:00Z');
    expect(dateRangeBounds('today', now)).toEqual({ startDate: '2026-11-21', endDate: '2026-11-21' });
    expect(dateRangeBounds('this-week', now)).toEqual({ startDate: '2026-11-15', endDate: '2026-11-21' });
    expect(dateRangeBounds('past-week', now)).toEqual({ startDate: '2026-11-08', endDate: '2026-11-14' });
    expect(dateRangeBounds('this-month', now)).toEqual({ startDate: '2026-11-01', endDate: '2026-11-30' });
  });
});
