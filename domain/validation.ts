// Answer validation, conditional visibility and typing normalizers for application questions
// (spec 4 "Conditional questions", "Save enablement"; spec 5). Shared by the browser form and the
// API server, so it is pure: no I/O, no DOM, no Node APIs.
import { TIME_ZONE } from './constants';
import {
  columnKey,
  type AddressValue,
  type AnswerValue,
  type QuestionDef,
  type TableColumn,
  type TableRow,
} from './questions';

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

const OPTIONAL_SUFFIX = ' Or keep this field empty.';
export const URL_EXAMPLE_HOST = 'www.example.com';

/** Spec 5 messages verbatim, plus the portal's own where the spec has none (marked below). */
export const VALIDATION_MSG = {
  /** Application text inputs (no period). */
  required: 'This field is required',
  /** Entity profile save and address parts (with period). */
  requiredProfile: 'This field is required.',
  addressPartRequired: 'This field is required.',

  dateFormat: 'Invalid date format. Please use MM/DD/YYYY.',
  dateBefore1900: 'Date cannot be before 01/01/1900.',
  dateBefore: (min: string) => `Date cannot be before ${min}.`,
  dateAfter: (max: string) => `Date cannot be after ${max}.`,
  dateInvalid: 'Invalid date. Please check the month, day, and year.',

  zipInput: 'Zip code must be 5 or 9 digits long.',
  zipProfile: 'Zip code must be 5 or 9 digits.',

  email: 'Please enter a valid email address',
  url: `Please enter a valid URL. (e.g. ${URL_EXAMPLE_HOST})`,
  phone: 'Phone number must be 10 digits',
  name: 'Name should only contain letters, spaces, hyphens, or apostrophes',
  maxLength: (n: number, optional: boolean) =>
    `Value exceeds the maximum length of ${n} characters/numbers.${optional ? OPTIONAL_SUFFIX : ''}`,
  minLength: (n: number, optional: boolean) =>
    `Value should be at least ${n} characters/numbers.${optional ? OPTIONAL_SUFFIX : ''}`,
  exactLength: (n: number) => `Value should be exactly ${n} characters/numbers.`,
  ueiLength: 'Value should be exactly 12 characters/numbers – note: if the UEI has both characters and numbers as a combination.',
  tableCellRequired: (name: string) => `Field ${name} is required.`,

  // Files (spec 5 "Files", "Messages").
  fileTypeBlocked: 'This file type is not allowed.',
  fileTypeNotInList: (list: string) => `This file type is not allowed. Allowed types are: ${list}.`,
  documentTypeInvalid: 'Invalid file type',
  fileTooLarge: 'File size exceeds the maximum limit',
  selectProgramSection: 'Please select a program and section before uploading a file.',
  uploadFailed: 'File upload failed',
  uploadCanceled: 'File upload canceled',
  messageFileBlocked: (ext: string) => `File type .${ext} is not allowed for security reasons`,
  messageFileNotAllowed: (list: string) => `Only ${list} files are allowed`,

  // The portal's own (the spec has no text for these).
  number: 'Please enter a valid number.',
  currency: 'Please enter a valid amount.',
  currencyNegative: 'Amount cannot be less than 0.',
  currencyDecimals: 'Amount can have at most 2 decimal places.',
  numericMax: (max: number) => `Value cannot be more than ${max}.`,
  zip4: 'Zip+4 extension must be 4 digits.',
  invalidOption: 'Please choose one of the listed options.',
  notApplicableCombined: "'Not Applicable' cannot be combined with other options.",
  invalidValue: 'This answer is not in the expected format.',
  percentOfTotal: (totalSystemNo: string) =>
    `This amount is below 25% of the total project cost (question ${totalSystemNo}).`,
  cellNumber: (name: string) => `Field ${name} must be a number.`,
  cellCurrency: (name: string) => `Field ${name} must be an amount of 0 or more with at most 2 decimal places.`,
  cellDate: (name: string, message: string) => `Field ${name}: ${message}`,
  cellApplicationNumber: (name: string) => `Field ${name} must be GA- followed by 6 letters or digits.`,
  cellAlphanumeric: (name: string) => `Field ${name} may only contain letters, digits, hyphens and spaces.`,
  cellOption: (name: string) => `Field ${name} must be one of the listed options.`,
} as const;

// ---------------------------------------------------------------------------------------------
// Constants and patterns
// ---------------------------------------------------------------------------------------------

export const NOT_APPLICABLE = 'Not Applicable';
export const PERCENT_OF_TOTAL_THRESHOLD = 0.25;
export const MIN_DATE = '01/01/1900';
export const PHONE_DIGITS = 10;
export const ZIP_MAX_DIGITS = 9;
export const DATE_INPUT_LENGTH = 10;
export const APPLICATION_NUMBER_PREFIX = 'GA-';
export const APPLICATION_NUMBER_LENGTH = 9;
export const FILE_NAME_DISPLAY_MAX = 30;
export const INDENT_PX_PER_LEVEL = 20;
export const UEI_SYSTEM_NO = '6';
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const BLOCKED_FILE_EXTENSIONS: readonly string[] = [
  'exe', 'dll', 'bat', 'cmd', 'com', 'msi', 'vbs', 'scr', 'jar', 'jse', 'ws', 'wsf', 'wsh', 'ps1', 'sh', 'bash',
  'appx', 'msix', 'msp', 'cpl', 'gadget', 'inf1', 'ins', 'inx', 'isu', 'job', 'pif', 'reg', 'rgs', 'sys',
];
export const DOCUMENT_FILE_EXTENSIONS: readonly string[] = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'xlsm', 'jpg', 'jpeg', 'png'];

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const URL_PATTERN = /^(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/i;
const NAME_PATTERN = /^[A-Za-z\u00C0-\u024F' -]+$/;
const NUMBER_PATTERN = /^(?:\d+(?:\.\d+)?|\.\d+)$/;
const DATE_PATTERN = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const APPLICATION_NUMBER_PATTERN = /^GA-[A-Z0-9]{6}$/;
const ALPHANUMERIC_PATTERN = /^[A-Za-z0-9 -]*$/;
const ZIP_PATTERN = /^\d{5}(?:-?\d{4})?$/;

// ---------------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------------

export type ValidationContext = 'application' | 'profile';

export interface ValidateOptions {
  /** 'application' → 'This field is required'; 'profile' (entity profile save) → with a period. */
  context: ValidationContext;
  /** Answers keyed by system number, across all sections (visibility, 22 → 23, 26 for 27/45). */
  answersBySystemNo: Record<string, AnswerValue>;
  /** Reference day for relative date bounds such as '+4y'; defaults to now (New York calendar day). */
  today?: Date;
}

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const isBlankCell = (v: unknown): boolean => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** A scalar answer as text (numbers accepted, e.g. from JSON); null for other shapes. */
function scalarText(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}

const requiredMessage = (context: ValidationContext): string =>
  context === 'profile' ? VALIDATION_MSG.requiredProfile : VALIDATION_MSG.required;

/**
 * Whether an answer counts as empty. 0 and '0' are not empty. A table is empty with no rows or
 * only blank rows; an address when every part but the country is blank; a file without a document id.
 */
export function isEmptyAnswer(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return Number.isNaN(value);
  if (Array.isArray(value)) {
    return value.every((item) => (isRecord(item) ? Object.values(item).every(isBlankCell) : isBlankCell(item)));
  }
  if (isRecord(value)) {
    if ('documentId' in value) return isBlankCell(value.documentId);
    return Object.entries(value).every(([key, part]) => key === 'country' || isBlankCell(part));
  }
  return false;
}

/** Answers keyed by system number from answers keyed by question id. */
export function answersBySystemNoFrom(
  questions: readonly QuestionDef[],
  answersByQuestionId: Record<string, AnswerValue>,
): Record<string, AnswerValue> {
  const out: Record<string, AnswerValue> = {};
  for (const q of questions) {
    if (Object.prototype.hasOwnProperty.call(answersByQuestionId, q.id)) out[q.systemNo] = answersByQuestionId[q.id] ?? null;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Numbers and currency
// ---------------------------------------------------------------------------------------------

const CURRENCY_PATTERN = /^(-?)\s*\$?\s*(-?)\s*(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d*))?$/;

/** An amount's parts: '-$1,234.50' → {negative: true, whole: '1234', fraction: '50'}. */
export interface CurrencyParts {
  negative: boolean;
  /** Digits only (grouping commas removed); '' for '.5'. */
  whole: string;
  /** The digits after the dot as typed; '' when none. */
  fraction: string;
}

/**
 * The parts of an amount typed with an optional leading minus (before or after the $), a $ sign
 * and correctly grouped thousands commas; null when the text is not an amount ('', 'abc', '1,23').
 */
export function currencyParts(text: string): CurrencyParts | null {
  const m = CURRENCY_PATTERN.exec(text.trim());
  if (!m) return null;
  const [, minusBefore = '', minusAfter = '', whole = '', fraction = ''] = m;
  if (minusBefore && minusAfter) return null;
  if (whole === '' && fraction === '') return null;
  return { negative: !!(minusBefore || minusAfter), whole: whole.replace(/,/g, ''), fraction };
}

/** '$1,234.50' → 1234.5; '-5' → -5; '12' → 12; '' / 'abc' / '1,23' → null. Numbers pass through. */
export function parseCurrency(text: string | number | null | undefined): number | null {
  if (typeof text === 'number') return Number.isFinite(text) ? text : null;
  if (typeof text !== 'string') return null;
  const parts = currencyParts(text);
  if (!parts) return null;
  const n = Number(`${parts.whole || '0'}.${parts.fraction || '0'}`);
  if (!Number.isFinite(n)) return null;
  return parts.negative ? (n === 0 ? 0 : -n) : n;
}

const currencyDecimals = (text: string): number => currencyParts(text)?.fraction.length ?? 0;

/** Currency rule: a number >= 0 with at most 2 decimals ($ and thousands commas allowed). */
function currencyError(text: string): string | null {
  const n = parseCurrency(text);
  if (n === null) return VALIDATION_MSG.currency;
  if (n < 0) return VALIDATION_MSG.currencyNegative;
  if (currencyDecimals(text) > 2) return VALIDATION_MSG.currencyDecimals;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------------------------

interface CalendarDay {
  y: number;
  m: number;
  d: number;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const dayNumber = (c: CalendarDay) => c.y * 10000 + c.m * 100 + c.d;
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** 'MM/DD/YYYY' for a calendar day. */
export const formatCalendarDay = (c: CalendarDay): string => `${pad2(c.m)}/${pad2(c.d)}/${String(c.y).padStart(4, '0')}`;

/** '02/29/2024' → {y,m,d}; null when not MM/DD/YYYY or not a real calendar date. */
export function parseDateString(text: string): CalendarDay | null {
  const m = DATE_PATTERN.exec(text.trim());
  if (!m) return null;
  const c = { m: Number(m[1]), d: Number(m[2]), y: Number(m[3]) };
  if (c.m < 1 || c.m > 12 || c.d < 1 || c.d > daysInMonth(c.y, c.m)) return null;
  return c;
}

/** The calendar day it is in the portal's zone (America/New_York) at `now`. */
function calendarToday(now: Date): CalendarDay {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { y: get('year'), m: get('month'), d: get('day') };
}

function shiftDay(base: CalendarDay, amount: number, unit: string): CalendarDay {
  if (unit === 'd') {
    const t = new Date(Date.UTC(base.y, base.m - 1, base.d + amount));
    return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
  }
  const months = unit === 'y' ? amount * 12 : amount;
  const index = base.y * 12 + (base.m - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return { y, m, d: Math.min(base.d, daysInMonth(y, m)) }; // 02/29 + 1y → 02/28
}

/**
 * A minDate/maxDate bound: 'MM/DD/YYYY', 'YYYY-MM-DD', 'today', or relative to today ('+4y',
 * '-30d', '+6m'). Null when absent or not understood.
 */
export function resolveDateBound(bound: string | null | undefined, today: Date = new Date()): CalendarDay | null {
  if (!bound) return null;
  const text = bound.trim();
  if (text.toLowerCase() === 'today') return calendarToday(today);
  const rel = /^([+-])\s*(\d+)\s*([dmy])$/i.exec(text);
  if (rel) return shiftDay(calendarToday(today), (rel[1] === '-' ? -1 : 1) * Number(rel[2]), rel[3]!.toLowerCase());
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (iso) return parseDateString(`${iso[2]}/${iso[3]}/${iso[1]}`);
  return parseDateString(text);
}

/** Spec 5 date rules in order: format, real date, 01/01/1900, min, max. */
export function validateDateString(
  text: string,
  bounds: { minDate?: string | null; maxDate?: string | null; today?: Date } = {},
): string | null {
  const trimmed = text.trim();
  if (!DATE_PATTERN.test(trimmed)) return VALIDATION_MSG.dateFormat;
  const day = parseDateString(trimmed);
  if (!day) return VALIDATION_MSG.dateInvalid;
  if (day.y < 1900) return VALIDATION_MSG.dateBefore1900;
  const today = bounds.today ?? new Date();
  const min = resolveDateBound(bounds.minDate, today);
  if (min && dayNumber(day) < dayNumber(min)) return VALIDATION_MSG.dateBefore(formatCalendarDay(min));
  const max = resolveDateBound(bounds.maxDate, today);
  if (max && dayNumber(day) > dayNumber(max)) return VALIDATION_MSG.dateAfter(formatCalendarDay(max));
  return null;
}

// ---------------------------------------------------------------------------------------------
// Conditional questions and mandatory rules (spec 4)
// ---------------------------------------------------------------------------------------------

/**
 * Spec 4 "Conditional questions". No dependency → visible. '>N' / '<N' compare the dependent
 * answer as a number (an empty answer counts as -1; a non-number never matches). Otherwise the
 * answer must equal the value (a checkbox answer must include it). A dependency without a
 * required value shows once the dependent question has any answer.
 */
export function isQuestionVisible(q: QuestionDef, answersBySystemNo: Record<string, AnswerValue>): boolean {
  if (!q.dependentSystemNo) return true;
  const answer: unknown = answersBySystemNo[q.dependentSystemNo];
  const required = (q.dependentResponseValue ?? '').trim();
  if (required === '') return !isEmptyAnswer(answer);

  const op = required[0];
  if (op === '>' || op === '<') {
    const bound = Number(required.slice(1).trim());
    if (!Number.isFinite(bound)) return false;
    const n = isEmptyAnswer(answer) ? -1 : parseCurrency(scalarText(answer));
    if (n === null) return false;
    return op === '>' ? n > bound : n < bound;
  }
  if (Array.isArray(answer)) return answer.some((a) => typeof a === 'string' && a.trim() === required);
  const text = scalarText(answer);
  return text !== null && text.trim() === required;
}

/** Questions depending on `systemNo`, directly or through others (breadth first, no repeats). */
export function dependentsOf(systemNo: string, questions: readonly QuestionDef[]): QuestionDef[] {
  const found: QuestionDef[] = [];
  const seen = new Set<string>([systemNo]);
  const queue = [systemNo];
  while (queue.length > 0) {
    const current = queue.shift()!;
    for (const q of questions) {
      if (q.dependentSystemNo === current && !seen.has(q.systemNo)) {
        seen.add(q.systemNo);
        found.push(q);
        queue.push(q.systemNo);
      }
    }
  }
  return found;
}

/** Answers with every (transitive) dependent of `systemNo` cleared to null. */
export function clearDependentAnswers(
  systemNo: string,
  questions: readonly QuestionDef[],
  answersByQuestionId: Record<string, AnswerValue>,
): Record<string, AnswerValue> {
  const next = { ...answersByQuestionId };
  for (const q of dependentsOf(systemNo, questions)) next[q.id] = null;
  return next;
}

/**
 * Mandatory, or metadata.mandatoryWhenPositive names a table (22) whose first row has
 * 'unserved' or 'underserved' above 0.
 */
export function isEffectivelyMandatory(q: QuestionDef, answersBySystemNo: Record<string, AnswerValue>): boolean {
  if (q.mandatory) return true;
  const ref = q.additionalMetadata?.mandatoryWhenPositive;
  if (!ref) return false;
  const rows: unknown = answersBySystemNo[ref];
  if (!Array.isArray(rows)) return false;
  const first: unknown = rows[0];
  if (!isRecord(first)) return false;
  return ['unserved', 'underserved'].some((key) => (parseCurrency(scalarText(first[key])) ?? 0) > 0);
}

/** Whether the question takes part in validation at all (visible, not a header, not read-only). */
function isCheckable(q: QuestionDef, answersBySystemNo: Record<string, AnswerValue>): boolean {
  return q.type !== 'Header' && !q.readOnly && isQuestionVisible(q, answersBySystemNo);
}

/** Spec 4 "Save enablement": every visible, effectively mandatory, editable question is answered. */
export function mandatoryFieldsFilled(
  questions: readonly QuestionDef[],
  answersByQuestionId: Record<string, AnswerValue>,
  answersBySystemNo: Record<string, AnswerValue> = {},
): boolean {
  const bySystemNo = { ...answersBySystemNo, ...answersBySystemNoFrom(questions, answersByQuestionId) };
  return questions.every(
    (q) => !isCheckable(q, bySystemNo) || !isEffectivelyMandatory(q, bySystemNo) || !isEmptyAnswer(answersByQuestionId[q.id]),
  );
}

/** The input's maxLength from metadata when the condition is exact or max (spec 5 Text input). */
export function inputMaxLength(q: QuestionDef): number | undefined {
  const meta = q.additionalMetadata;
  if (!meta || (meta.condition !== 'exact' && meta.condition !== 'max')) return undefined;
  return typeof meta.validation_length === 'number' && meta.validation_length > 0 ? meta.validation_length : undefined;
}

// ---------------------------------------------------------------------------------------------
// Per-type validation
// ---------------------------------------------------------------------------------------------

function textError(q: QuestionDef, raw: string, optional: boolean): string | null {
  const text = raw.trim();
  const meta = q.additionalMetadata ?? {};

  switch (q.responseType) {
    case 'Email':
      if (!EMAIL_PATTERN.test(text)) return VALIDATION_MSG.email;
      break;
    case 'Url':
      if (!URL_PATTERN.test(text)) return VALIDATION_MSG.url;
      break;
    case 'PhoneNumber':
      if (!/^\d{10}$/.test(text.replace(/^\+1/, '').replace(/[\s().-]/g, ''))) return VALIDATION_MSG.phone;
      break;
    case 'Number':
      if (!NUMBER_PATTERN.test(text)) return VALIDATION_MSG.number;
      break;
    case 'Currency': {
      const err = currencyError(text);
      if (err) return err;
      break;
    }
    default:
      break;
  }

  if (meta.nameType && !NAME_PATTERN.test(text)) return VALIDATION_MSG.name;

  const n = meta.validation_length;
  if (typeof n === 'number' && n > 0 && meta.condition) {
    const length = text.length;
    if (meta.condition === 'max' && length > n) return VALIDATION_MSG.maxLength(n, optional);
    if (meta.condition === 'min' && length < n) return VALIDATION_MSG.minLength(n, optional);
    if (meta.condition === 'exact' && length !== n) {
      return q.systemNo === UEI_SYSTEM_NO ? VALIDATION_MSG.ueiLength : VALIDATION_MSG.exactLength(n);
    }
  }

  if (typeof meta.numericMax === 'number') {
    const value = parseCurrency(text);
    if (value !== null && value > meta.numericMax) return VALIDATION_MSG.numericMax(meta.numericMax);
  }
  return null;
}

const optionNames = (q: QuestionDef): string[] | null =>
  q.additionalMetadata?.optionsFrom || !q.responseOptions ? null : q.responseOptions.map((o) => o.name);

function choiceError(q: QuestionDef, value: unknown): string | null {
  const text = scalarText(value);
  if (text === null) return VALIDATION_MSG.invalidValue;
  const names = optionNames(q);
  if (names && !names.includes(text.trim())) return VALIDATION_MSG.invalidOption;
  return null;
}

function checkboxError(q: QuestionDef, value: unknown): string | null {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) return VALIDATION_MSG.invalidValue;
  const chosen = value as string[];
  const names = optionNames(q);
  if (names && chosen.some((c) => !names.includes(c))) return VALIDATION_MSG.invalidOption;
  if (chosen.includes(NOT_APPLICABLE) && chosen.length > 1) return VALIDATION_MSG.notApplicableCombined;
  return null;
}

/** The file's extension, lower-cased, without the dot ('' when none). */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).trim().toLowerCase();
}

export const isBlockedFileName = (fileName: string): boolean => BLOCKED_FILE_EXTENSIONS.includes(fileExtension(fileName));

/** Generic uploader: blocked types, then (when given) the allowed list. */
export function validateUploadFileName(fileName: string, allowed?: readonly string[]): string | null {
  if (isBlockedFileName(fileName)) return VALIDATION_MSG.fileTypeBlocked;
  if (allowed && allowed.length > 0 && !allowed.map((e) => e.toLowerCase()).includes(fileExtension(fileName))) {
    return VALIDATION_MSG.fileTypeNotInList(allowed.join(', '));
  }
  return null;
}

/** Documents screen: the fixed document types and the size limit. */
export function validateDocumentFile(fileName: string, sizeBytes: number, maxBytes = MAX_UPLOAD_BYTES): string | null {
  if (!DOCUMENT_FILE_EXTENSIONS.includes(fileExtension(fileName))) return VALIDATION_MSG.documentTypeInvalid;
  if (sizeBytes > maxBytes) return VALIDATION_MSG.fileTooLarge;
  return null;
}

/** A file answering a File question of the form: blocked types first, then the document types and the size limit. */
export function validateAnswerFile(fileName: string, sizeBytes: number, maxBytes = MAX_UPLOAD_BYTES): string | null {
  return validateUploadFileName(fileName) ?? validateDocumentFile(fileName, sizeBytes, maxBytes);
}

/** Message attachments: blocked types, then the allowed list. */
export function validateMessageAttachment(fileName: string, allowed: readonly string[]): string | null {
  const ext = fileExtension(fileName);
  if (BLOCKED_FILE_EXTENSIONS.includes(ext)) return VALIDATION_MSG.messageFileBlocked(ext);
  if (!allowed.map((e) => e.toLowerCase()).includes(ext)) return VALIDATION_MSG.messageFileNotAllowed(allowed.join(', '));
  return null;
}

function fileError(value: unknown): string | null {
  if (!isRecord(value) || typeof value.documentId !== 'string' || typeof value.fileName !== 'string') {
    return VALIDATION_MSG.invalidValue;
  }
  if (isBlockedFileName(value.fileName)) return VALIDATION_MSG.fileTypeBlocked;
  return null;
}

export type AddressPart = 'street_address_1' | 'city' | 'state' | 'zip' | 'zip_4';
export type AddressErrors = Partial<Record<AddressPart, string>>;
const REQUIRED_ADDRESS_PARTS = ['street_address_1', 'city', 'state', 'zip'] as const;

/**
 * Address parts' errors: when mandatory, street address 1, city, state and zip are required
 * ('This field is required.'); the zip is 5 or 9 digits (a dash after 5 allowed); zip_4, when
 * given, is 4 digits.
 */
export function validateAddress(
  value: Partial<AddressValue> | null | undefined,
  opts: { mandatory: boolean; context: ValidationContext },
): AddressErrors {
  const errors: AddressErrors = {};
  const part = (key: keyof AddressValue): string => {
    const v: unknown = value?.[key];
    return typeof v === 'string' ? v.trim() : '';
  };
  if (opts.mandatory) {
    for (const key of REQUIRED_ADDRESS_PARTS) if (part(key) === '') errors[key] = VALIDATION_MSG.addressPartRequired;
  }
  const zip = part('zip');
  if (zip !== '' && !ZIP_PATTERN.test(zip)) {
    errors.zip = opts.context === 'profile' ? VALIDATION_MSG.zipProfile : VALIDATION_MSG.zipInput;
  }
  const zip4 = part('zip_4');
  if (zip4 !== '' && !/^\d{4}$/.test(zip4)) errors.zip_4 = VALIDATION_MSG.zip4;
  return errors;
}

function addressError(value: unknown, mandatory: boolean, context: ValidationContext): string | null {
  if (value !== null && value !== undefined && !isRecord(value)) return VALIDATION_MSG.invalidValue;
  const errors = validateAddress(value as Partial<AddressValue> | null | undefined, { mandatory, context });
  for (const key of [...REQUIRED_ADDRESS_PARTS, 'zip_4'] as const) if (errors[key]) return errors[key];
  return null;
}

/** A typed table cell's format error (a filled cell); null when fine. */
export function validateTableCell(column: TableColumn, raw: string): string | null {
  const text = raw.trim();
  switch (column.type) {
    case 'Number':
      return NUMBER_PATTERN.test(text) ? null : VALIDATION_MSG.cellNumber(column.name);
    case 'Currency':
      return currencyError(text) ? VALIDATION_MSG.cellCurrency(column.name) : null;
    case 'Date': {
      const err = validateDateString(text);
      return err ? VALIDATION_MSG.cellDate(column.name, err) : null;
    }
    case 'ApplicationNumber':
      return APPLICATION_NUMBER_PATTERN.test(text) ? null : VALIDATION_MSG.cellApplicationNumber(column.name);
    case 'Alphanumeric':
      return ALPHANUMERIC_PATTERN.test(text) ? null : VALIDATION_MSG.cellAlphanumeric(column.name);
    case 'Dropdown':
      return column.options && !column.options.includes(text) ? VALIDATION_MSG.cellOption(column.name) : null;
    default:
      return null;
  }
}

export interface TableCellError {
  row: number;
  key: string;
  message: string;
}

/**
 * Every cell error of a table, row by row and column by column. A mandatory table checks every
 * row; an optional one skips blank rows. Checked rows need every cell but Readonly ones filled
 * ('Field {name} is required.'); filled cells are checked by their column type.
 */
export function validateTableRows(columns: readonly TableColumn[], rows: readonly unknown[], mandatory: boolean): TableCellError[] {
  const errors: TableCellError[] = [];
  rows.forEach((row, index) => {
    if (!isRecord(row)) {
      errors.push({ row: index, key: '', message: VALIDATION_MSG.invalidValue });
      return;
    }
    if (!mandatory && Object.values(row).every(isBlankCell)) return;
    for (const column of columns) {
      if (column.type === 'Readonly') continue;
      const key = columnKey(column.name);
      const cell: unknown = row[key];
      if (isBlankCell(cell)) {
        errors.push({ row: index, key, message: VALIDATION_MSG.tableCellRequired(column.name) });
        continue;
      }
      const text = scalarText(cell);
      const message = text === null ? VALIDATION_MSG.invalidValue : validateTableCell(column, text);
      if (message) errors.push({ row: index, key, message });
    }
  });
  return errors;
}

function tableError(q: QuestionDef, value: unknown, mandatory: boolean, context: ValidationContext): string | null {
  if (!Array.isArray(value)) return VALIDATION_MSG.invalidValue;
  if (value.length === 0) return mandatory ? requiredMessage(context) : null;
  return validateTableRows(q.tableColumns ?? [], value as TableRow[], mandatory)[0]?.message ?? null;
}

// ---------------------------------------------------------------------------------------------
// Entry points
// ---------------------------------------------------------------------------------------------

/**
 * The first error of one answer, or null. Hidden, Header and read-only questions are never
 * checked; an empty mandatory answer gives the required message; optional answers are checked
 * only when filled. `value` is typed loosely so the API can pass parsed JSON straight in.
 */
export function validateAnswer(q: QuestionDef, value: unknown, opts: ValidateOptions): string | null {
  const answers = opts.answersBySystemNo;
  if (!isCheckable(q, answers)) return null;
  const mandatory = isEffectivelyMandatory(q, answers);

  if (q.type === 'Address') {
    if (!mandatory && isEmptyAnswer(value)) return null;
    return addressError(value, mandatory, opts.context);
  }
  if (q.type === 'Table') {
    if (value === null || value === undefined) return mandatory ? requiredMessage(opts.context) : null;
    return tableError(q, value, mandatory, opts.context);
  }
  if (isEmptyAnswer(value)) return mandatory ? requiredMessage(opts.context) : null;

  switch (q.type) {
    case 'Text': {
      const text = scalarText(value);
      return text === null ? VALIDATION_MSG.invalidValue : textError(q, text, !mandatory);
    }
    case 'Date': {
      const text = scalarText(value);
      return text === null ? VALIDATION_MSG.invalidValue : validateDateString(text, { minDate: q.minDate, maxDate: q.maxDate, today: opts.today });
    }
    case 'Dropdown':
    case 'Radio':
      return choiceError(q, value);
    case 'Checkbox':
      return checkboxError(q, value);
    case 'File':
      return fileError(value);
    default:
      return null;
  }
}

/**
 * First error per question id for every visible question. Answers by system number are built
 * from `answersByQuestionId` on top of opts.answersBySystemNo (other sections' answers).
 */
export function validateAnswers(
  questions: readonly QuestionDef[],
  answersByQuestionId: Record<string, AnswerValue>,
  opts: Omit<ValidateOptions, 'answersBySystemNo'> & { answersBySystemNo?: Record<string, AnswerValue> },
): Record<string, string> {
  const answersBySystemNo = { ...opts.answersBySystemNo, ...answersBySystemNoFrom(questions, answersByQuestionId) };
  const errors: Record<string, string> = {};
  for (const q of questions) {
    const message = validateAnswer(q, answersByQuestionId[q.id] ?? null, { ...opts, answersBySystemNo });
    if (message) errors[q.id] = message;
  }
  return errors;
}

/**
 * metadata.percentOf (27 and 45 against 26): a warning when the amount is below 25% of the
 * referenced total. Only when both parse as numbers and the total is above 0.
 */
export function percentOfTotalWarning(q: QuestionDef, value: unknown, answersBySystemNo: Record<string, AnswerValue>): string | null {
  const ref = q.additionalMetadata?.percentOf;
  if (!ref) return null;
  const amount = parseCurrency(scalarText(value));
  const total = parseCurrency(scalarText(answersBySystemNo[ref]));
  if (amount === null || total === null || total <= 0) return null;
  return amount < total * PERCENT_OF_TOTAL_THRESHOLD ? VALIDATION_MSG.percentOfTotal(ref) : null;
}

// ---------------------------------------------------------------------------------------------
// Input normalizers (used while typing)
// ---------------------------------------------------------------------------------------------

/** Digits only, cut to `max` when given. */
export function digitsOnly(value: string, max?: number): string {
  const digits = value.replace(/\D/g, '');
  return max === undefined ? digits : digits.slice(0, Math.max(0, max));
}

/** Digits and the first dot only: '1a2.3.4' → '12.34'. */
export function numberInput(value: string): string {
  let seenDot = false;
  let out = '';
  for (const ch of value) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if (ch === '.' && !seenDot) {
      seenDot = true;
      out += ch;
    }
  }
  return out;
}

/**
 * Slashes added while typing a date: '0115' → '01/15', '01152025' → '01/15/2025'. A one-digit
 * month or day closed by a typed slash is padded ('1/5/2025' → '01/05/2025'). At most 10 characters.
 */
export function autoSlashDate(typed: string): string {
  const segments = typed.split('/');
  const digits = segments
    .map((segment, i) => {
      const d = segment.replace(/\D/g, '');
      return i < segments.length - 1 && i < 2 && d.length === 1 ? `0${d}` : d;
    })
    .join('')
    .slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

/**
 * Table application numbers: upper-cased, 'GA-' plus up to 6 letters/digits, 9 characters at
 * most. A pasted 'ga123abc' or '123ABC' becomes 'GA-123ABC'; a partly typed prefix ('G', 'GA',
 * 'GA-') is left alone so it can still be edited.
 */
export function normalizeApplicationNumber(typed: string): string {
  const upper = typed.toUpperCase().replace(/[^A-Z0-9-]/g, '');
  if (APPLICATION_NUMBER_PREFIX.startsWith(upper)) return upper;
  const body = upper.startsWith(APPLICATION_NUMBER_PREFIX)
    ? upper.slice(APPLICATION_NUMBER_PREFIX.length).replace(/-/g, '')
    : upper.replace(/-/g, '').replace(/^GA/, '');
  return `${APPLICATION_NUMBER_PREFIX}${body}`.slice(0, APPLICATION_NUMBER_LENGTH);
}

/** Letters, digits, hyphen and space only. */
export function alphanumericInput(typed: string): string {
  return typed.replace(/[^A-Za-z0-9 -]/g, '');
}

/**
 * The displayed file name: the part before the first dot cut to 30 characters, the extension
 * (after the last dot) kept. Names whose first part fits are shown unchanged.
 */
export function truncateFileName(name: string): string {
  const firstDot = name.indexOf('.');
  const base = firstDot < 0 ? name : name.slice(0, firstDot);
  if (base.length <= FILE_NAME_DISPLAY_MAX) return name;
  const ext = firstDot < 0 ? '' : name.slice(name.lastIndexOf('.'));
  return base.slice(0, FILE_NAME_DISPLAY_MAX) + ext;
}

/** Numbering depth for the 20px-per-level indent: '2' → 0, '2.1' → 1, '2.1.3' → 2. */
export function displayLevel(systemNo: string | number): number {
  return (String(systemNo).match(/\./g) ?? []).length;
}
