// Display formats and stored forms of amounts, phone numbers and zips; table totals (spec 5).
import { describe, expect, it } from 'vitest';
import type { AnswerValue, QuestionDef, TableColumn } from '../../domain/questions';
import {
  addressZip,
  formatCurrency,
  formatPhone,
  formatZip,
  normalizeAnswer,
  normalizeAnswers,
  normalizeCurrency,
  normalizePhone,
  normalizeZip,
  phoneInput,
  PHONE_INPUT_LENGTH,
  tableTotals,
  zipInput,
  ZIP_INPUT_LENGTH,
} from '../../domain/format';
import { currencyParts, validateAnswer, validateTableRows } from '../../domain/validation';
import { question as makeQuestion } from '../support/question';

/** The questions of these tests: mandatory unless told otherwise. */
const question = (over: Partial<QuestionDef> & Pick<QuestionDef, 'type'>): QuestionDef =>
  makeQuestion({ id: 'q1', text: 'Question', mandatory: true, ...over });

// Question 35 of the bank: Quantity × Unit cost, with totals.
const EQUIPMENT: TableColumn[] = [
  { name: 'Item', type: 'Text' },
  { name: 'Manufacturer', type: 'Text' },
  { name: 'Quantity', type: 'Number' },
  { name: 'Unit cost', type: 'Currency' },
];
const row = (quantity: string, unitCost: string) => ({ item: 'Router', manufacturer: 'Acme', quantity, unit_cost: unitCost });

describe('currencyParts', () => {
  it.each<[string, ReturnType<typeof currencyParts>]>([
    ['-$1,234.50', { negative: true, whole: '1234', fraction: '50' }],
    ['$-5', { negative: true, whole: '5', fraction: '' }],
    ['.5', { negative: false, whole: '', fraction: '5' }],
    ['1234', { negative: false, whole: '1234', fraction: '' }],
    ['', null], ['.', null], ['1,23', null], ['--5', null], ['12a', null],
  ])('currencyParts(%j)', (text, parts) => expect(currencyParts(text)).toEqual(parts));
});

describe('formatCurrency', () => {
  it.each<[string | number | null | undefined, string]>([
    ['1234567.5', '1,234,567.50'],
    ['1234', '1,234'],
    ['1234.5', '1,234.50'],
    ['1234.05', '1,234.05'],
    ['1000.00', '1,000'],
    ['999', '999'],
    ['0', '0'],
    ['0.5', '0.50'],
    ['.5', '0.50'],
    ['007', '7'],
    // Negative amounts keep their minus (the validation reports them).
    ['-1234.5', '-1,234.50'],
    ['-0', '0'],
    // Already formatted, or typed with $ and commas.
    ['1,234,567.50', '1,234,567.50'],
    ['$1,234.5', '1,234.50'],
    ['-$12', '-12'],
    // Partial input.
    ['12.', '12'],
    ['-', '-'],
    ['$', '$'],
    // Not an amount, or too many decimals: unchanged so the error can be seen.
    ['abc', 'abc'],
    ['1,23', '1,23'],
    ['1.234', '1.234'],
    // Empty.
    ['', ''],
    [null, ''],
    [undefined, ''],
    // Numbers.
    [1234.5, '1,234.50'],
    [-20, '-20'],
  ])('formatCurrency(%j) → %j', (value, shown) => expect(formatCurrency(value)).toBe(shown));

  it.each<[string, string]>([
    ['1234.5', '$1,234.50'],
    ['1234567', '$1,234,567'],
    ['-1234.5', '-$1,234.50'],
    ['0', '$0'],
    ['', ''],
    ['abc', 'abc'],
  ])('formatCurrency(%j, {symbol}) → %j', (value, shown) => expect(formatCurrency(value, { symbol: true })).toBe(shown));

  it('is stable: formatting a formatted amount changes nothing', () => {
    for (const v of ['1234567.5', '-0.05', '12', '1000000']) expect(formatCurrency(formatCurrency(v))).toBe(formatCurrency(v));
  });
});

describe('normalizeCurrency (stored form)', () => {
  it.each<[string, string]>([
    ['1,234.50', '1234.50'],
    ['1,234,567.50', '1234567.50'],
    ['$1,234.5', '1234.5'],
    [' 1000 ', '1000'],
    ['-$5', '-5'],
    ['$-5', '-5'],
    ['-0', '0'],
    ['.5', '0.5'],
    ['12.', '12'],
    ['0012', '12'],
    ['1.234', '1.234'],
    ['abc', 'abc'],
    ['1,23', '1,23'],
    ['', ''],
  ])('normalizeCurrency(%j) → %j', (typed, stored) => expect(normalizeCurrency(typed)).toBe(stored));

  it('round-trips: the displayed amount is stored as the same number', () => {
    for (const v of ['1234567.5', '-12', '0.05', '100']) expect(Number(normalizeCurrency(formatCurrency(v)))).toBe(Number(v));
  });
});

describe('formatPhone', () => {
  it.each<[string | null | undefined, string]>([
    ['6085550100', '(608) 555-0100'],
    ['(608) 555-0100', '(608) 555-0100'],
    ['608-555-0100', '(608) 555-0100'],
    ['608.555.0100', '(608) 555-0100'],
    ['+1 608 555 0100', '(608) 555-0100'],
    ['+16085550100', '(608) 555-0100'],
    // Partial digits, progressively.
    ['6', '(6'],
    ['608', '(608'],
    ['6085', '(608) 5'],
    ['60855', '(608) 55'],
    ['6085550', '(608) 555-0'],
    // Not a phone number: unchanged.
    ['call me', 'call me'],
    ['608555010099', '608555010099'],
    // Empty.
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('formatPhone(%j) → %j', (value, shown) => expect(formatPhone(value)).toBe(shown));

  it('shows +1 for a complete number when asked (spec 5 User form)', () => {
    expect(formatPhone('6085550100', { countryCode: true })).toBe('+1 (608) 555-0100');
    expect(formatPhone('+1 (608) 555-0100', { countryCode: true })).toBe('+1 (608) 555-0100');
    expect(formatPhone('608', { countryCode: true })).toBe('(608');
    expect(formatPhone('', { countryCode: true })).toBe('');
  });

  it('fits the input', () => expect(formatPhone('6085550100')).toHaveLength(PHONE_INPUT_LENGTH));
});

describe('phoneInput (while typing: digits only, max 10)', () => {
  it.each<[string, string]>([
    ['608a555-0100', '(608) 555-0100'],
    ['(608) 555-01009', '(608) 555-0100'],
    ['60855501009999', '(608) 555-0100'],
    ['+1 608', '(608'],
    ['(608', '(608'],
    ['(608) ', '(608'],
    ['abc', ''],
    ['', ''],
  ])('phoneInput(%j) → %j', (typed, shown) => expect(phoneInput(typed)).toBe(shown));
});

describe('normalizePhone (stored form)', () => {
  it.each<[string, string]>([
    ['(608) 555-0100', '6085550100'],
    ['+1 (608) 555-0100', '6085550100'],
    ['608.555.0100', '6085550100'],
    [' 6085550100 ', '6085550100'],
    // Incomplete or not a phone: kept as typed so 'Phone number must be 10 digits' shows it.
    ['(608) 555', '(608) 555'],
    ['608555010099', '608555010099'],
    ['abc', 'abc'],
    ['', ''],
  ])('normalizePhone(%j) → %j', (typed, stored) => expect(normalizePhone(typed)).toBe(stored));
});

describe('formatZip', () => {
  it.each<[string | null | undefined, string]>([
    ['123456789', '12345-6789'],
    ['12345-6789', '12345-6789'],
    ['12345', '12345'],
    ['1234', '1234'],
    ['123456', '12345-6'],
    ['', ''],
    [null, ''],
    // Not a zip: unchanged.
    ['1234567890', '1234567890'],
    ['K1A 0B1', 'K1A 0B1'],
  ])('formatZip(%j) → %j', (value, shown) => expect(formatZip(value)).toBe(shown));

  it('fits the input', () => expect(formatZip('123456789')).toHaveLength(ZIP_INPUT_LENGTH));
});

describe('zipInput (while typing: digits only, max 9)', () => {
  it.each<[string, string]>([
    ['123456789', '12345-6789'],
    ['12345-67890', '12345-6789'],
    ['1234a', '1234'],
    ['123456', '12345-6'],
    ['12345-', '12345'],
    ['', ''],
  ])('zipInput(%j) → %j', (typed, shown) => expect(zipInput(typed)).toBe(shown));
});

describe('normalizeZip and addressZip', () => {
  it.each<[string, string]>([
    ['12345-6789', '123456789'],
    [' 12345 ', '12345'],
    ['1234-5', '12345'],
    ['abc', 'abc'],
    ['', ''],
  ])('normalizeZip(%j) → %j', (typed, stored) => expect(normalizeZip(typed)).toBe(stored));

  it('joins a separate zip_4 onto a 5-digit zip', () => {
    expect(addressZip({ zip: '53703', zip_4: '1234' })).toBe('537031234');
    expect(addressZip({ zip: '53703', zip_4: '' })).toBe('53703');
    expect(addressZip({ zip: '537031234', zip_4: '9999' })).toBe('537031234');
    expect(addressZip({ zip: '53703', zip_4: '12' })).toBe('53703');
    expect(addressZip({})).toBe('');
  });
});

describe('tableTotals', () => {
  it('sums Number and Currency columns, other columns have none', () => {
    expect(tableTotals(EQUIPMENT, [row('2', '1000.25'), row('3', '5')])).toEqual([null, null, '5', '$1,005.25']);
  });

  it('groups thousands and shows cents only when there are some', () => {
    expect(tableTotals(EQUIPMENT, [row('1000', '1000000'), row('234', '234567')])).toEqual([null, null, '1,234', '$1,234,567']);
  });

  it('reads formatted cells as typed', () => {
    expect(tableTotals(EQUIPMENT, [row('1', '1,234.50'), row('1', '$0.50')])).toEqual([null, null, '2', '$1,235']);
  });

  it('is exact to the cent', () => {
    expect(tableTotals(EQUIPMENT, [row('0.1', '0.10'), row('0.2', '0.20')])).toEqual([null, null, '0.3', '$0.30']);
  });

  it('counts blank and unreadable cells as 0 and keeps negatives', () => {
    expect(tableTotals(EQUIPMENT, [row('', ''), row('abc', '-10.5'), row('4', '2')])).toEqual([null, null, '4', '-$8.50']);
  });

  it('shows 0 for an empty table', () => {
    expect(tableTotals(EQUIPMENT, [])).toEqual([null, null, '0', '$0']);
  });

  it('budget (29) and matching sources (46): the Amount column', () => {
    const budget: TableColumn[] = [{ name: 'Category', type: 'Dropdown', options: ['Other'] }, { name: 'Description', type: 'Multiline' }, { name: 'Amount', type: 'Currency' }];
    expect(tableTotals(budget, [{ category: 'Other', description: 'x', amount: '2500' }, { category: 'Other', description: 'y', amount: '1250.75' }])).toEqual([null, null, '$3,750.75']);
  });
});

describe('normalizeAnswer (stored forms of a submitted form)', () => {
  const currency = question({ type: 'Text', responseType: 'Currency' });
  const phone = question({ type: 'Text', responseType: 'PhoneNumber' });
  const email = question({ type: 'Text', responseType: 'Email' });
  const address = question({ type: 'Address' });
  const table = question({ type: 'Table', tableColumns: EQUIPMENT });

  it.each<[string, QuestionDef, AnswerValue, AnswerValue]>([
    ['amount', currency, '1,234,567.50', '1234567.50'],
    ['amount not understood', currency, 'lots', 'lots'],
    ['phone', phone, '(608) 555-0100', '6085550100'],
    ['partial phone', phone, '(608) 555', '(608) 555'],
    ['other text', email, ' a@b.co ', ' a@b.co '],
    ['empty', currency, null, null],
    [
      'address zip',
      address,
      { country: 'United States', street_address_1: '1 Main', city: 'Madison', state: 'Wisconsin', zip: '53703-1234' },
      { country: 'United States', street_address_1: '1 Main', city: 'Madison', state: 'Wisconsin', zip: '537031234' },
    ],
    ['table currency cells', table, [row('1,000', '1,234.50'), row('', '')], [row('1,000', '1234.50'), row('', '')]],
  ])('%s', (_label, q, typed, stored) => expect(normalizeAnswer(q, typed)).toEqual(stored));

  it('normalizes only the answers given', () => {
    const q1 = { ...currency, id: 'a' };
    const q2 = { ...phone, id: 'b' };
    expect(normalizeAnswers([q1, q2], { a: '$2,000' })).toEqual({ a: '2000' });
  });

  it('keeps what the validation says about an answer', () => {
    const o = { context: 'application' as const, answersBySystemNo: {} };
    for (const typed of ['1,234.50', '$1,000', '-5', '1.234', 'abc', '1,23']) {
      expect(validateAnswer(currency, normalizeCurrency(typed), o)).toBe(validateAnswer(currency, typed, o));
    }
    for (const typed of ['(608) 555-0100', '+1 608 555 0100', '(608) 555', 'abc']) {
      expect(validateAnswer(phone, normalizePhone(typed), o)).toBe(validateAnswer(phone, typed, o));
    }
    const rows = [row('1', '1,234.50'), row('2', '-3')];
    expect(validateTableRows(EQUIPMENT, normalizeAnswer(table, rows) as Record<string, string>[], true)).toEqual(validateTableRows(EQUIPMENT, rows, true));
  });
});
