// Answer validation, conditional questions and typing normalizers (spec 4, spec 5).
import { describe, expect, it } from 'vitest';
import { columnKey, type AnswerValue, type QuestionDef, type TableColumn } from '../../domain/questions';
import { question as makeQuestion } from '../support/question';
import {
  VALIDATION_MSG as M,
  alphanumericInput,
  answersBySystemNoFrom,
  autoSlashDate,
  clearDependentAnswers,
  dependentsOf,
  digitsOnly,
  displayLevel,
  inputMaxLength,
  isEffectivelyMandatory,
  isEmptyAnswer,
  isQuestionVisible,
  mandatoryFieldsFilled,
  normalizeApplicationNumber,
  numberInput,
  parseCurrency,
  percentOfTotalWarning,
  resolveDateBound,
  truncateFileName,
  validateAddress,
  validateAnswer,
  validateAnswers,
  validateDocumentFile,
  validateMessageAttachment,
  validateTableRows,
  validateUploadFileName,
  type ValidateOptions,
} from '../../domain/validation';

// ---- fixtures ------------------------------------------------------------------------------

/** Noon in New York on 01/15/2025. */
const TODAY = new Date('2025-01-15T17:00:00Z');

const question = (over: Partial<QuestionDef> & Pick<QuestionDef, 'systemNo' | 'type'>): QuestionDef => makeQuestion(over);

const opts = (over: Partial<ValidateOptions> = {}): ValidateOptions => ({
  context: 'application',
  answersBySystemNo: {},
  today: TODAY,
  ...over,
});
const profile = (over: Partial<ValidateOptions> = {}) => opts({ context: 'profile', ...over });
const options = (...names: string[]) => names.map((name, i) => ({ id: i + 1, name }));

const text = (over: Partial<QuestionDef> = {}) => question({ systemNo: '11', type: 'Text', mandatory: true, ...over });

type Case = [label: string, q: QuestionDef, value: unknown, expected: string | null];
const check = (cases: Case[], o: ValidateOptions = opts()) =>
  it.each(cases)('%s', (_label, q, value, expected) => {
    expect(validateAnswer(q, value, o)).toBe(expected);
  });

// ---- messages --------------------------------------------------------------------------------

describe('VALIDATION_MSG (spec 5 verbatim)', () => {
  it.each([
    [M.required, 'This field is required'],
    [M.requiredProfile, 'This field is required.'],
    [M.addressPartRequired, 'This field is required.'],
    [M.dateFormat, 'Invalid date format. Please use MM/DD/YYYY.'],
    [M.dateBefore1900, 'Date cannot be before 01/01/1900.'],
    [M.dateBefore('02/03/2024'), 'Date cannot be before 02/03/2024.'],
    [M.dateAfter('02/03/2024'), 'Date cannot be after 02/03/2024.'],
    [M.dateInvalid, 'Invalid date. Please check the month, day, and year.'],
    [M.zipInput, 'Zip code must be 5 or 9 digits long.'],
    [M.zipProfile, 'Zip code must be 5 or 9 digits.'],
    [M.email, 'Please enter a valid email address'],
    [M.url, 'Please enter a valid URL. (e.g. www.example.com)'],
    [M.phone, 'Phone number must be 10 digits'],
    [M.name, 'Name should only contain letters, spaces, hyphens, or apostrophes'],
    [M.maxLength(120, false), 'Value exceeds the maximum length of 120 characters/numbers.'],
    [M.maxLength(120, true), 'Value exceeds the maximum length of 120 characters/numbers. Or keep this field empty.'],
    [M.minLength(3, false), 'Value should be at least 3 characters/numbers.'],
    [M.minLength(3, true), 'Value should be at least 3 characters/numbers. Or keep this field empty.'],
    [M.exactLength(10), 'Value should be exactly 10 characters/numbers.'],
    [M.ueiLength, 'Value should be exactly 12 characters/numbers \u2013 note: if the UEI has both characters and numbers as a combination.'],
    [M.tableCellRequired('Owner name'), 'Field Owner name is required.'],
    [M.fileTypeBlocked, 'This file type is not allowed.'],
    [M.fileTypeNotInList('pdf, docx'), 'This file type is not allowed. Allowed types are: pdf, docx.'],
    [M.documentTypeInvalid, 'Invalid file type'],
    [M.fileTooLarge, 'File size exceeds the maximum limit'],
    [M.selectProgramSection, 'Please select a program and section before uploading a file.'],
    [M.uploadFailed, 'File upload failed'],
    [M.uploadCanceled, 'File upload canceled'],
    [M.messageFileBlocked('exe'), 'File type .exe is not allowed for security reasons'],
    [M.messageFileNotAllowed('pdf, png'), 'Only pdf, png files are allowed'],
    [M.percentOfTotal('26'), 'This amount is below 25% of the total project cost (question 26).'],
  ])('%j', (actual, expected) => expect(actual).toBe(expected));
});

// ---- conditional questions -----------------------------------------------------------------

describe('isQuestionVisible', () => {
  const eq = question({ systemNo: '23.1', type: 'Text', dependentSystemNo: '23', dependentResponseValue: 'No' });
  const gt = question({ systemNo: '34.1', type: 'Text', dependentSystemNo: '34', dependentResponseValue: '>100' });
  const lt = question({ systemNo: '43.1', type: 'Dropdown', dependentSystemNo: '43', dependentResponseValue: '<25' });
  const inCheckbox = question({ systemNo: '2.2', type: 'Text', dependentSystemNo: '2.1', dependentResponseValue: 'RDOF' });
  const anyAnswer = question({ systemNo: '9.2', type: 'Text', dependentSystemNo: '9' });

  it.each<[string, QuestionDef, Record<string, AnswerValue>, boolean]>([
    ['no dependency → visible', question({ systemNo: '1', type: 'Text' }), {}, true],
    ['= equal', eq, { '23': 'No' }, true],
    ['= different', eq, { '23': 'Yes' }, false],
    ['= unanswered', eq, {}, false],
    ['= checkbox includes', inCheckbox, { '2.1': ['USDA ReConnect', 'RDOF'] }, true],
    ['= checkbox lacks', inCheckbox, { '2.1': ['USDA ReConnect'] }, false],
    ['> above', gt, { '34': '101' }, true],
    ['> equal to the bound', gt, { '34': '100' }, false],
    ['> below', gt, { '34': '20' }, false],
    ['> empty counts as -1', gt, { '34': '' }, false],
    ['> not a number', gt, { '34': 'slow' }, false],
    ['< below', lt, { '43': '10' }, true],
    ['< decimal below', lt, { '43': '24.9' }, true],
    ['< equal to the bound', lt, { '43': '25' }, false],
    ['< above', lt, { '43': '30' }, false],
    ['< empty counts as -1 (below the bound)', lt, { '43': '' }, true],
    ['< missing counts as -1', lt, {}, true],
    ['< not a valid number', lt, { '43': 'ten' }, false],
    ['no required value, answered', anyAnswer, { '9': 'https://x.org' }, true],
    ['no required value, unanswered', anyAnswer, {}, false],
  ])('%s', (_label, q, answers, visible) => {
    expect(isQuestionVisible(q, answers)).toBe(visible);
  });

  it('hidden questions are never validated', () => {
    const q = question({ ...gt, mandatory: true });
    expect(validateAnswer(q, null, opts({ answersBySystemNo: { '34': '50' } }))).toBeNull();
    expect(validateAnswer(q, null, opts({ answersBySystemNo: { '34': '150' } }))).toBe(M.required);
  });
});

describe('dependentsOf / clearDependentAnswers', () => {
  const qs = [
    question({ systemNo: '41', type: 'Radio' }),
    question({ systemNo: '41.1', type: 'Text', dependentSystemNo: '41', dependentResponseValue: 'No' }),
    question({ systemNo: '41.1.1', type: 'Text', dependentSystemNo: '41.1', dependentResponseValue: 'x' }),
    question({ systemNo: '41.2', type: 'Text', dependentSystemNo: '41', dependentResponseValue: 'Yes' }),
    question({ systemNo: '53.1', type: 'Text', dependentSystemNo: '53', dependentResponseValue: 'Yes' }),
  ];

  it('finds direct and transitive dependents', () => {
    expect(dependentsOf('41', qs).map((q) => q.systemNo)).toEqual(['41.1', '41.2', '41.1.1']);
    expect(dependentsOf('41.1', qs).map((q) => q.systemNo)).toEqual(['41.1.1']);
    expect(dependentsOf('41.2', qs)).toEqual([]);
  });

  it('survives a dependency cycle', () => {
    const cyc = [
      question({ systemNo: 'a', type: 'Text', dependentSystemNo: 'b', dependentResponseValue: '1' }),
      question({ systemNo: 'b', type: 'Text', dependentSystemNo: 'a', dependentResponseValue: '1' }),
    ];
    expect(dependentsOf('a', cyc).map((q) => q.systemNo)).toEqual(['b']);
  });

  it('clears the dependents’ answers only', () => {
    const answers = { 'q-41': 'Yes', 'q-41.1': 'why', 'q-41.1.1': 'more', 'q-41.2': 'ok', 'q-53.1': 'keep' };
    expect(clearDependentAnswers('41', qs, answers)).toEqual({
      'q-41': 'Yes', 'q-41.1': null, 'q-41.1.1': null, 'q-41.2': null, 'q-53.1': 'keep',
    });
  });
});

describe('isEffectivelyMandatory (mandatoryWhenPositive)', () => {
  const q23 = question({ systemNo: '23', type: 'Radio', responseOptions: options('Yes', 'No'), additionalMetadata: { mandatoryWhenPositive: '22' } });
  const row = (unserved: string, underserved: string) => [{ unserved, underserved, served: '9', community_anchor_institutions: '1' }];

  it.each<[string, Record<string, AnswerValue>, boolean]>([
    ['unserved above 0', { '22': row('3', '0') }, true],
    ['underserved above 0', { '22': row('0', '1,200') }, true],
    ['both 0', { '22': row('0', '0') }, false],
    ['table not filled', {}, false],
    ['no rows', { '22': [] }, false],
  ])('%s', (_label, answers, expected) => {
    expect(isEffectivelyMandatory(q23, answers)).toBe(expected);
  });

  it('plain mandatory flag', () => {
    expect(isEffectivelyMandatory(question({ systemNo: '4', type: 'Dropdown', mandatory: true }), {})).toBe(true);
    expect(isEffectivelyMandatory(question({ systemNo: '2', type: 'Text' }), {})).toBe(false);
  });

  it('drives the required message', () => {
    expect(validateAnswer(q23, null, opts({ answersBySystemNo: { '22': row('3', '0') } }))).toBe(M.required);
    expect(validateAnswer(q23, null, opts({ answersBySystemNo: { '22': row('0', '0') } }))).toBeNull();
  });
});

// ---- required and skipped questions ----------------------------------------------------------

describe('required', () => {
  check([
    ['application text, empty', text(), '', M.required],
    ['application text, blanks', text(), '   ', M.required],
    ['application text, null', text(), null, M.required],
    ['application text, filled', text(), 'CEO', null],
    ['numeric 0 is not empty', text({ responseType: 'Number' }), 0, null],
    ["'0' is not empty", text({ responseType: 'Number' }), '0', null],
    ['optional empty', text({ mandatory: false }), '', null],
    ['Header never', question({ systemNo: '9.1', type: 'Header', mandatory: true }), null, null],
    ['read-only never', text({ systemNo: '179', readOnly: true }), null, null],
    ['dropdown empty', question({ systemNo: '4', type: 'Dropdown', mandatory: true, responseOptions: options('LLC') }), '', M.required],
    ['file empty', question({ systemNo: '31', type: 'File', mandatory: true }), null, M.required],
    ['checkbox none chosen', question({ systemNo: '85', type: 'Checkbox', mandatory: true, responseOptions: options('Certified') }), [], M.required],
    ['date empty', question({ systemNo: '86', type: 'Date', mandatory: true }), '', M.required],
  ]);

  describe('entity profile context uses a period', () => {
    check(
      [
        ['profile text, empty', text(), '', M.requiredProfile],
        ['profile numeric 0', text({ responseType: 'Number' }), 0, null],
        ['profile dropdown empty', question({ systemNo: '4', type: 'Dropdown', mandatory: true, responseOptions: options('LLC') }), null, M.requiredProfile],
      ],
      profile(),
    );
  });

  it('rejects a value of the wrong shape', () => {
    expect(validateAnswer(text(), { a: 1 }, opts())).toBe(M.invalidValue);
    expect(validateAnswer(question({ systemNo: '60', type: 'Checkbox', mandatory: true }), 'Certified', opts())).toBe(M.invalidValue);
  });
});

// ---- text ----------------------------------------------------------------------------------

describe('Text by response type', () => {
  const email = text({ responseType: 'Email' });
  const url = text({ responseType: 'Url' });
  const phone = text({ responseType: 'PhoneNumber' });
  const num = text({ responseType: 'Number' });
  const money = text({ responseType: 'Currency' });
  const multiline = text({ responseType: 'Multiline' });
  check([
    ['email ok', email, 'grants@example.org', null],
    ['email no at', email, 'grants.example.org', M.email],
    ['email space', email, 'a b@example.org', M.email],
    ['email no dot', email, 'a@b', M.email],
    ['url bare host', url, 'www.example.com', null],
    ['url https with path', url, 'https://example.org/about/us?x=1', null],
    ['url http', url, 'http://sub.example.co.uk', null],
    ['url no dot', url, 'localhost', M.url],
    ['url spaces', url, 'my site.com', M.url],
    ['url bad scheme', url, 'ftp://example.com', M.url],
    ['phone 10 digits', phone, '6085550100', null],
    ['phone formatted', phone, '(608) 555-0100', null],
    ['phone 9 digits', phone, '608555010', M.phone],
    ['phone 11 digits', phone, '60855501001', M.phone],
    ['phone letters', phone, '608555010a', M.phone],
    ['number integer', num, '12', null],
    ['number decimal', num, '12.5', null],
    ['number two dots', num, '1.2.3', M.number],
    ['number letters', num, '12a', M.number],
    ['number negative', num, '-3', M.number],
    ['currency plain', money, '1000', null],
    ['currency $ and commas', money, '$1,234,567.89', null],
    ['currency zero', money, '0', null],
    ['currency one decimal', money, '12.5', null],
    ['currency negative', money, '-5', M.currencyNegative],
    ['currency 3 decimals', money, '12.345', M.currencyDecimals],
    ['currency bad grouping', money, '1,23', M.currency],
    ['currency text', money, 'lots', M.currency],
    ['multiline anything', multiline, 'Line 1\nLine 2', null],
  ]);
});

describe('Text length rules', () => {
  const max = (mandatory: boolean) => text({ systemNo: '2', mandatory, additionalMetadata: { condition: 'max', validation_length: 5 } });
  const min = (mandatory: boolean) => text({ systemNo: '2', mandatory, additionalMetadata: { condition: 'min', validation_length: 3 } });
  const frn = text({ systemNo: '7', additionalMetadata: { condition: 'exact', validation_length: 10 } });
  const uei = text({ systemNo: '6', additionalMetadata: { condition: 'exact', validation_length: 12 } });
  check([
    ['max ok', max(true), '12345', null],
    ['max exceeded, mandatory', max(true), '123456', M.maxLength(5, false)],
    ['max exceeded, optional', max(false), '123456', 'Value exceeds the maximum length of 5 characters/numbers. Or keep this field empty.'],
    ['max optional empty', max(false), '', null],
    ['min ok', min(true), 'abc', null],
    ['min short, mandatory', min(true), 'ab', 'Value should be at least 3 characters/numbers.'],
    ['min short, optional', min(false), 'ab', 'Value should be at least 3 characters/numbers. Or keep this field empty.'],
    ['exact ok', frn, '0012345678', null],
    ['exact short', frn, '001234567', 'Value should be exactly 10 characters/numbers.'],
    ['exact long', frn, '00123456789', 'Value should be exactly 10 characters/numbers.'],
    ['UEI ok', uei, 'ABCDEF123456', null],
    ['UEI special message', uei, 'ABC123', 'Value should be exactly 12 characters/numbers – note: if the UEI has both characters and numbers as a combination.'],
  ]);

  it('caps the input length for exact and max only', () => {
    expect(inputMaxLength(max(true))).toBe(5);
    expect(inputMaxLength(frn)).toBe(10);
    expect(inputMaxLength(min(true))).toBeUndefined();
    expect(inputMaxLength(text())).toBeUndefined();
  });
});

describe('name-type and numericMax', () => {
  const name = text({ systemNo: '10', additionalMetadata: { nameType: true } });
  const months = text({ systemNo: '74', responseType: 'Number', additionalMetadata: { numericMax: 48 } });
  check([
    ['name ok', name, "Mary-Jane O'Neil", null],
    ['name accents', name, 'José Núñez', null],
    ['name digits', name, 'R2D2', M.name],
    ['name punctuation', name, 'Smith, John', M.name],
    ['at the max', months, '48', null],
    ['above the max', months, '49', 'Value cannot be more than 48.'],
    ['not a number is caught first', months, 'soon', M.number],
  ]);
});

// ---- dates ---------------------------------------------------------------------------------

describe('Date', () => {
  const date = question({ systemNo: '86', type: 'Date', mandatory: true });
  const start = question({ systemNo: '75', type: 'Date', mandatory: true, minDate: '01/01/1900', maxDate: '+4y' });
  const bounded = question({ systemNo: '76', type: 'Date', mandatory: true, minDate: '03/01/2025', maxDate: '12/31/2026' });
  check([
    ['valid', date, '01/15/2025', null],
    ['leap day', date, '02/29/2024', null],
    ['no slashes', date, '01152025', M.dateFormat],
    ['short year', date, '1/15/25', M.dateFormat],
    ['ISO', date, '2025-01-15', M.dateFormat],
    ['month 13', date, '13/01/2025', M.dateInvalid],
    ['Feb 30', date, '02/30/2025', M.dateInvalid],
    ['Feb 29 in a common year', date, '02/29/2025', M.dateInvalid],
    ['day 00', date, '01/00/2025', M.dateInvalid],
    ['before 1900', date, '12/31/1899', M.dateBefore1900],
    ['01/01/1900 itself', start, '01/01/1900', null],
    ['+4y: exactly four years after today', start, '01/15/2029', null],
    ['+4y: one day later', start, '01/16/2029', 'Date cannot be after 01/15/2029.'],
    ['min bound', bounded, '02/28/2025', 'Date cannot be before 03/01/2025.'],
    ['min bound itself', bounded, '03/01/2025', null],
    ['max bound', bounded, '01/01/2027', 'Date cannot be after 12/31/2026.'],
  ]);

  it('resolves relative bounds from the New York calendar day', () => {
    expect(resolveDateBound('+4y', TODAY)).toEqual({ y: 2029, m: 1, d: 15 });
    expect(resolveDateBound('+4y', new Date('2024-02-29T15:00:00Z'))).toEqual({ y: 2028, m: 2, d: 29 });
    expect(resolveDateBound('+1y', new Date('2024-02-29T15:00:00Z'))).toEqual({ y: 2025, m: 2, d: 28 });
    expect(resolveDateBound('-30d', TODAY)).toEqual({ y: 2024, m: 12, d: 16 });
    expect(resolveDateBound('today', new Date('2025-01-16T03:00:00Z'))).toEqual({ y: 2025, m: 1, d: 15 });
    expect(resolveDateBound('2026-12-31', TODAY)).toEqual({ y: 2026, m: 12, d: 31 });
    expect(resolveDateBound(null, TODAY)).toBeNull();
    expect(resolveDateBound('soon', TODAY)).toBeNull();
  });
});

// ---- choices -------------------------------------------------------------------------------

describe('Dropdown, Radio, Checkbox', () => {
  const dropdown = question({ systemNo: '4', type: 'Dropdown', mandatory: true, responseOptions: options('Corporation', 'LLC') });
  const radio = question({ systemNo: '41', type: 'Radio', mandatory: true, responseOptions: options('Yes', 'No') });
  const area = question({ systemNo: '21', type: 'Dropdown', mandatory: true, additionalMetadata: { optionsFrom: 'projectAreas' } });
  const programmes = question({
    systemNo: '2.1',
    type: 'Checkbox',
    responseOptions: options('RDOF', 'USDA ReConnect', 'Not Applicable'),
    additionalMetadata: { multiple: true },
  });
  const certified = question({ systemNo: '60', type: 'Checkbox', mandatory: true, responseOptions: options('Certified') });
  check([
    ['dropdown option', dropdown, 'LLC', null],
    ['dropdown unknown', dropdown, 'Trust', M.invalidOption],
    ['radio option', radio, 'No', null],
    ['radio unknown', radio, 'Maybe', M.invalidOption],
    ['optionsFrom skips the option check', area, 'Dane County North', null],
    ['optionsFrom still required', area, '', M.required],
    ['checkbox several', programmes, ['RDOF', 'USDA ReConnect'], null],
    ['checkbox Not Applicable alone', programmes, ['Not Applicable'], null],
    ['checkbox Not Applicable plus others', programmes, ['RDOF', 'Not Applicable'], M.notApplicableCombined],
    ['checkbox unknown option', programmes, ['Other'], M.invalidOption],
    ['checkbox optional empty', programmes, [], null],
    ['Certified chosen', certified, ['Certified'], null],
    ['Certified not chosen', certified, [], M.required],
  ]);
});

// ---- files ---------------------------------------------------------------------------------

describe('Files', () => {
  const file = question({ systemNo: '31', type: 'File', mandatory: true });
  check([
    ['uploaded', file, { documentId: 'd1', fileName: 'diagram.pdf' }, null],
    ['blocked type', file, { documentId: 'd1', fileName: 'setup.EXE' }, M.fileTypeBlocked],
    ['no document id', file, { documentId: '', fileName: 'x.pdf' }, M.required],
  ]);

  it.each<[string, string | null]>([
    ['plan.pdf', null],
    ['script.ps1', M.fileTypeBlocked],
    ['archive.rar', 'This file type is not allowed. Allowed types are: pdf, docx.'],
  ])('uploader %s', (name, expected) => {
    expect(validateUploadFileName(name, name === 'archive.rar' ? ['pdf', 'docx'] : undefined)).toBe(expected);
  });

  it.each<[string, number, string | null]>([
    ['report.xlsx', 1000, null],
    ['photo.JPG', 1000, null],
    ['notes.txt', 1000, M.documentTypeInvalid],
    ['big.pdf', 11 * 1024 * 1024, M.fileTooLarge],
  ])('documents screen %s', (name, size, expected) => expect(validateDocumentFile(name, size)).toBe(expected));

  it.each<[string, string | null]>([
    ['letter.pdf', null],
    ['run.bat', 'File type .bat is not allowed for security reasons'],
    ['movie.mp4', 'Only pdf, png files are allowed'],
  ])('message attachment %s', (name, expected) => expect(validateMessageAttachment(name, ['pdf', 'png'])).toBe(expected));
});

// ---- tables --------------------------------------------------------------------------------

describe('Table', () => {
  const ownersCols: TableColumn[] = [
    { name: 'Owner name', type: 'Text' },
    { name: 'Ownership %', type: 'Number' },
    { name: 'Address', type: 'Text' },
  ];
  const owners = question({ systemNo: '19', type: 'Table', mandatory: true, tableColumns: ownersCols, addMoreRows: true });
  const sourcesCols: TableColumn[] = [
    { name: 'Source', type: 'Text' },
    { name: 'Type', type: 'Dropdown', options: ['Cash', 'In-kind'] },
    { name: 'Amount', type: 'Currency' },
    { name: 'Committed on', type: 'Date' },
  ];
  const sources = question({ systemNo: '46', type: 'Table', mandatory: true, tableColumns: sourcesCols });
  const related = question({
    systemNo: '84',
    type: 'Table',
    tableColumns: [
      { name: 'Application number', type: 'ApplicationNumber' },
      { name: 'Project area', type: 'Text' },
    ],
  });
  const contractors = question({
    systemNo: '63',
    type: 'Table',
    tableColumns: [
      { name: 'Name', type: 'Text' },
      { name: 'License number', type: 'Alphanumeric' },
    ],
  });
  const locations = question({ systemNo: '22', type: 'Table', mandatory: true, tableColumns: [{ name: 'Unserved', type: 'Readonly' }, { name: 'Note', type: 'Text' }] });
  const owner = { owner_name: 'Ann Lee', 'ownership_%': '60', address: '1 Main St' };
  const source = { source: 'Bank', type: 'Cash', amount: '$1,000.00', committed_on: '03/01/2025' };

  check([
    ['mandatory, complete', owners, [owner], null],
    ['mandatory, no rows', owners, [], M.required],
    ['mandatory, null', owners, null, M.required],
    ['mandatory, blank row', owners, [{}], 'Field Owner name is required.'],
    ['mandatory, missing cell in row 2', owners, [owner, { ...owner, address: ' ' }], 'Field Address is required.'],
    ['Number cell', owners, [{ ...owner, 'ownership_%': 'sixty' }], 'Field Ownership % must be a number.'],
    ['Currency cell ok', sources, [source], null],
    ['Currency cell negative', sources, [{ ...source, amount: '-1' }], 'Field Amount must be an amount of 0 or more with at most 2 decimal places.'],
    ['Dropdown cell', sources, [{ ...source, type: 'Loan' }], 'Field Type must be one of the listed options.'],
    ['Date cell format', sources, [{ ...source, committed_on: '2025-03-01' }], 'Field Committed on: Invalid date format. Please use MM/DD/YYYY.'],
    ['Date cell calendar', sources, [{ ...source, committed_on: '02/30/2025' }], 'Field Committed on: Invalid date. Please check the month, day, and year.'],
    ['ApplicationNumber ok', related, [{ application_number: 'GA-1A2B3C', project_area: 'North' }], null],
    ['ApplicationNumber bad', related, [{ application_number: 'GA-1A2B', project_area: 'North' }], 'Field Application number must be GA- followed by 6 letters or digits.'],
    ['Alphanumeric ok', contractors, [{ name: 'Acme', license_number: 'LIC-12 34' }], null],
    ['Alphanumeric bad', contractors, [{ name: 'Acme', license_number: 'LIC#1234' }], 'Field License number may only contain letters, digits, hyphens and spaces.'],
    ['optional, empty', contractors, [], null],
    ['optional, blank rows skipped', contractors, [{ name: '', license_number: '' }], null],
    ['optional, started row must be complete', contractors, [{ name: 'Acme', license_number: '' }], 'Field License number is required.'],
    ['Readonly columns need no value', locations, [{ note: 'x' }], null],
  ]);

  it('lists every cell error with its row and key', () => {
    expect(validateTableRows(ownersCols, [owner, { owner_name: 'Bo', 'ownership_%': 'x' }], true)).toEqual([
      { row: 1, key: 'ownership_%', message: 'Field Ownership % must be a number.' },
      { row: 1, key: 'address', message: 'Field Address is required.' },
    ]);
  });

  it('keys columns by lower-cased name with underscores', () => {
    expect(columnKey('Unit cost')).toBe('unit_cost');
    expect(columnKey('Community anchor institutions')).toBe('community_anchor_institutions');
    expect(columnKey('Item')).toBe('item');
  });
});

// ---- address -------------------------------------------------------------------------------

describe('Address', () => {
  const address = question({ systemNo: '5', type: 'Address', mandatory: true });
  const optional = question({ systemNo: '5', type: 'Address' });
  const full = { country: 'United States', street_address_1: '1 Main St', city: 'Madison', state: 'Wisconsin', zip: '53703' };
  describe('profile', () => {
    check(
      [
        ['complete', address, full, null],
        ['zip+4 digits', address, { ...full, zip: '537031234' }, null],
        ['zip with dash', address, { ...full, zip: '53703-1234' }, null],
        ['street 2 and zip_4 optional', address, { ...full, street_address_2: '', zip_4: '' }, null],
        ['empty', address, null, 'This field is required.'],
        ['only country', address, { country: 'United States' }, 'This field is required.'],
        ['missing city', address, { ...full, city: '' }, 'This field is required.'],
        ['zip 6 digits', address, { ...full, zip: '537031' }, 'Zip code must be 5 or 9 digits.'],
        ['optional empty', optional, null, null],
        ['optional bad zip', optional, { ...full, zip: '123' }, 'Zip code must be 5 or 9 digits.'],
      ],
      profile(),
    );
  });
  describe('application input', () => {
    check([['zip 4 digits', address, { ...full, zip: '5370' }, 'Zip code must be 5 or 9 digits long.']]);
  });

  it('reports each missing part', () => {
    expect(validateAddress({ country: 'United States', city: 'Madison', zip: '12' }, { mandatory: true, context: 'application' })).toEqual({
      street_address_1: 'This field is required.',
      state: 'This field is required.',
      zip: 'Zip code must be 5 or 9 digits long.',
    });
    expect(validateAddress({ ...full, zip_4: '12' }, { mandatory: true, context: 'profile' })).toEqual({ zip_4: M.zip4 });
    expect(validateAddress({ zip: '' }, { mandatory: false, context: 'profile' })).toEqual({});
  });
});

// ---- 25% warning ---------------------------------------------------------------------------

describe('percentOfTotalWarning', () => {
  const match = question({ systemNo: '27', type: 'Text', responseType: 'Currency', additionalMetadata: { percentOf: '26' } });
  it.each<[string, unknown, Record<string, AnswerValue>, string | null]>([
    ['below 25%', '$24,999.99', { '26': '$100,000' }, 'This amount is below 25% of the total project cost (question 26).'],
    ['exactly 25%', '25000', { '26': '100000' }, null],
    ['above 25%', '50000', { '26': '100000' }, null],
    ['total missing', '10', {}, null],
    ['total 0', '10', { '26': '0' }, null],
    ['amount not a number', 'abc', { '26': '100' }, null],
    ['amount empty', '', { '26': '100' }, null],
  ])('%s', (_label, value, answers, expected) => {
    expect(percentOfTotalWarning(match, value, answers)).toBe(expected);
  });
  it('ignores questions without percentOf', () => {
    expect(percentOfTotalWarning(text({ responseType: 'Currency' }), '1', { '26': '100' })).toBeNull();
  });
});

// ---- whole section -------------------------------------------------------------------------

describe('validateAnswers / mandatoryFieldsFilled', () => {
  const qs = [
    question({ id: 'a', systemNo: '41', type: 'Radio', mandatory: true, responseOptions: options('Yes', 'No') }),
    question({ id: 'b', systemNo: '41.1', type: 'Text', mandatory: true, dependentSystemNo: '41', dependentResponseValue: 'No' }),
    question({ id: 'c', systemNo: '12', type: 'Text', responseType: 'Email', mandatory: true }),
    question({ id: 'd', systemNo: '9.1', type: 'Header' }),
    question({ id: 'e', systemNo: '23', type: 'Radio', responseOptions: options('Yes', 'No'), additionalMetadata: { mandatoryWhenPositive: '22' } }),
  ];

  it('collects the first error of every visible question, by question id', () => {
    expect(validateAnswers(qs, { a: 'No', b: '', c: 'bad' }, { context: 'application', today: TODAY })).toEqual({
      b: M.required,
      c: M.email,
    });
    expect(validateAnswers(qs, { a: 'Yes', b: '', c: 'x@y.org' }, { context: 'application' })).toEqual({});
  });

  it('uses other sections’ answers by system number', () => {
    expect(validateAnswers(qs, { a: 'Yes', c: 'x@y.org' }, { context: 'profile', answersBySystemNo: { '22': [{ unserved: '4' }] } })).toEqual({
      e: M.requiredProfile,
    });
  });

  it('reports whether every mandatory visible answer is there', () => {
    expect(mandatoryFieldsFilled(qs, { a: 'Yes', c: 'x' })).toBe(true);
    expect(mandatoryFieldsFilled(qs, { a: 'No', c: 'x' })).toBe(false);
    expect(mandatoryFieldsFilled(qs, { a: 'No', b: 'because', c: 'x' })).toBe(true);
    expect(mandatoryFieldsFilled(qs, { a: 'Yes', c: 'x' }, { '22': [{ underserved: '2' }] })).toBe(false);
  });

  it('maps answers to system numbers', () => {
    expect(answersBySystemNoFrom(qs, { a: 'Yes', c: null })).toEqual({ '41': 'Yes', '12': null });
  });

  it.each<[unknown, boolean]>([
    [null, true], ['', true], ['  ', true], [0, false], ['0', false], [[], true], [['x'], false],
    [[{ a: '' }], true], [[{ a: '1' }], false], [{ documentId: '', fileName: '' }, true], [{ documentId: 'd', fileName: 'f' }, false],
    [{ country: 'United States', city: '' }, true], [{ country: 'United States', city: 'Madison' }, false],
  ])('isEmptyAnswer(%j) → %s', (value, expected) => expect(isEmptyAnswer(value)).toBe(expected));
});

// ---- normalizers ---------------------------------------------------------------------------

describe('normalizers', () => {
  it.each<[string, number | undefined, string]>([
    ['(608) 555-0100', 10, '6085550100'],
    ['608-555-0100-99', 10, '6085550100'],
    ['a1b2', undefined, '12'],
  ])('digitsOnly(%j, %s) → %j', (v, max, out) => expect(digitsOnly(v, max)).toBe(out));

  it.each([
    ['12.5', '12.5'], ['1a2.3.4', '12.34'], ['-7', '7'], ['.5', '.5'], ['$1,000', '1000'],
  ])('numberInput(%j) → %j', (v, out) => expect(numberInput(v)).toBe(out));

  it.each([
    ['0', '0'], ['01', '01'], ['011', '01/1'], ['0115', '01/15'], ['01152', '01/15/2'], ['01152025', '01/15/2025'],
    ['011520251', '01/15/2025'], ['01/15/2025', '01/15/2025'], ['1/5/2025', '01/05/2025'], ['01/', '01'], ['ab', ''],
  ])('autoSlashDate(%j) → %j', (v, out) => {
    expect(autoSlashDate(v)).toBe(out);
    expect(autoSlashDate(v).length).toBeLessThanOrEqual(10);
  });

  it.each([
    ['', ''], ['g', 'G'], ['ga', 'GA'], ['ga-', 'GA-'], ['ga-1a2b3c', 'GA-1A2B3C'], ['GA1A2B3C', 'GA-1A2B3C'],
    ['1a2b3c', 'GA-1A2B3C'], ['GA-1A2B3C4', 'GA-1A2B3C'], [' ga 1a-2b ', 'GA-1A2B'], ['GA-1a', 'GA-1A'],
  ])('normalizeApplicationNumber(%j) → %j', (v, out) => {
    expect(normalizeApplicationNumber(v)).toBe(out);
    expect(normalizeApplicationNumber(v).length).toBeLessThanOrEqual(9);
  });

  it.each([
    ['LIC-12 34', 'LIC-12 34'], ['a#b$c_1', 'abc1'], ['Ünï', 'n'],
  ])('alphanumericInput(%j) → %j', (v, out) => expect(alphanumericInput(v)).toBe(out));

  it.each([
    ['short.pdf', 'short.pdf'],
    ['a'.repeat(30) + '.pdf', 'a'.repeat(30) + '.pdf'],
    ['a'.repeat(45) + '.pdf', 'a'.repeat(30) + '.pdf'],
    ['b'.repeat(40) + '.final.v2.docx', 'b'.repeat(30) + '.docx'],
    ['c'.repeat(40), 'c'.repeat(30)],
  ])('truncateFileName(%j) → %j', (v, out) => expect(truncateFileName(v)).toBe(out));

  it.each<[string | number | null, number | null]>([
    ['$1,234.50', 1234.5], ['1234', 1234], ['-5', -5], ['$-5', -5], ['-$5', -5], ['.5', 0.5], ['12.', 12],
    [42, 42], ['', null], ['abc', null], ['1,23', null], ['--5', null], [null, null],
  ])('parseCurrency(%j) → %s', (v, out) => expect(parseCurrency(v)).toBe(out));

  it.each<[string, number]>([
    ['2', 0], ['2.1', 1], ['41.1.1', 2], ['179', 0],
  ])('displayLevel(%j) → %d', (v, out) => expect(displayLevel(v)).toBe(out));
});
