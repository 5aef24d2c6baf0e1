// Input hygiene shared by the API and the UI: text no field may hold, addresses that do not decode,
// calendar days (yyyy-MM-dd) that must exist, and the filters of spec 5's input rules applied while a person
// types (phone, number, currency, zip, date, table Alphanumeric and ApplicationNumber cells). The browser
// imports the filters, so nothing here may pull Zod in unless asked (IsoDaySchema is built by a pure call).
import * as z from 'zod';
import { PORTAL_MSG } from './messages';
import { parseDateString } from './validation/dates';
import { alphanumericInput, autoSlashDate, normalizeApplicationNumber, numberInput } from './validation/typing';
import { APPLICATION_NUMBER_LENGTH, DATE_INPUT_LENGTH, PHONE_DIGITS, ZIP_MAX_DIGITS, ZIP_PATTERN } from './validation/limits';
import { VALIDATION_MSG } from './validation/messages';
import { groupThousands, phoneInput, zipInput } from './format';

const NUL_OR_LONE_SURROGATE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** No NUL and no unpaired UTF-16 surrogate: neither can be stored (PostgreSQL text) nor shown. */
export function isCleanText(text: string): boolean {
  return !NUL_OR_LONE_SURROGATE.test(text);
}

/** Whether every string in a parsed body or query (keys too, at any depth) is clean text. */
export function isCleanInput(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (!isCleanText(next)) return false;
    } else if (next && typeof next === 'object') {
      for (const [key, inner] of Object.entries(next)) {
        if (!isCleanText(key)) return false;
        pending.push(inner);
      }
    }
  }
  return true;
}

/**
 * Why a request target (path and query, as sent) is refused, or null: a %-escape that does not decode
 * to UTF-8, or one that decodes to a NUL or a lone surrogate.
 */
export function requestTargetProblem(target: string): string | null {
  const [path = '', query = ''] = splitOnce(target, '?');
  const parts = [...path.split('/'), ...query.split(/[&=]/).map((p) => p.replace(/\+/g, ' '))];
  for (const part of parts) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(part);
    } catch {
      return PORTAL_MSG.malformedAddress;
    }
    if (!isCleanText(decoded)) return PORTAL_MSG.badCharacters;
  }
  return null;
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + 1)];
}

function isoDaySchema() {
  return z
    .string({ error: PORTAL_MSG.dayInvalid })
    .regex(/^\d{4}-\d{2}-\d{2}$/, PORTAL_MSG.dayInvalid)
    .refine((day) => {
      const [y, m, d] = day.split('-');
      const parsed = parseDateString(`${m}/${d}/${y}`);
      return parsed !== null && parsed.y >= 1;
    }, PORTAL_MSG.dayInvalid);
}
/** A calendar day as yyyy-MM-dd that exists (no 2024-02-30, 2024-13-01 or 0000-00-00). */
export const IsoDaySchema = /* @__PURE__ */ isoDaySchema();

// ---------------------------------------------------------------------------------------------
// Spec 5's input rules while typing (with JavaScript; the server checks every save without them)
// ---------------------------------------------------------------------------------------------

/** The kinds of input that filter what is typed. */
export type TypedKind = 'phone' | 'number' | 'currency' | 'zip' | 'date' | 'alphanumeric' | 'applicationNumber';

/** What a refused character is told to the person (politely, in the field's live region). */
export const TYPING_HINT: Record<TypedKind, string> = {
  phone: `Phone numbers take digits only, ${PHONE_DIGITS} at most.`,
  number: 'Numbers take digits and one decimal point.',
  currency: 'Amounts take digits, one decimal point with 2 decimals at most, and a leading minus.',
  zip: `Zip codes take digits only, ${ZIP_MAX_DIGITS} at most.`,
  date: 'Dates take digits only, as MM/DD/YYYY.',
  alphanumeric: 'Only letters, digits, hyphens and spaces are allowed.',
  applicationNumber: `Application numbers are GA- and 6 letters or digits, ${APPLICATION_NUMBER_LENGTH} characters at most.`,
};

/** A date as typed: digits with automatic slashes (MM/DD/YYYY), a slash the person types after the month or day kept. */
export function dateTyped(typed: string): string {
  const shown = autoSlashDate(typed);
  const closes = typed.endsWith('/') && (shown.length === 2 || shown.length === 5);
  return (closes ? `${shown}/` : shown).slice(0, DATE_INPUT_LENGTH);
}

/**
 * An amount as typed: a leading minus, digits grouped by thousands, one decimal point and at most 2 decimals
 * ('-1234567.5' → '-1,234,567.5'; '$1,000' → '1,000'). Cents are padded on blur (format.ts formatCurrency).
 */
export function currencyTyped(typed: string): string {
  const negative = /^\s*-/.test(typed.replace(/\$/g, ''));
  const [whole = '', ...rest] = numberInput(typed).split('.');
  const dot = rest.length > 0;
  return `${negative ? '-' : ''}${groupThousands(whole)}${dot ? `.${rest.join('').slice(0, 2)}` : ''}`;
}

const FILTERS: Record<TypedKind, (typed: string) => string> = {
  phone: phoneInput,
  number: numberInput,
  currency: currencyTyped,
  zip: zipInput,
  date: dateTyped,
  alphanumeric: alphanumericInput,
  applicationNumber: normalizeApplicationNumber,
};

/** The characters that carry the value (the rest is formatting the filter adds: brackets, slashes, commas). */
const CARRIES: Record<TypedKind, RegExp> = {
  phone: /\d/,
  number: /[\d.]/,
  currency: /[\d.-]/,
  zip: /\d/,
  date: /\d/,
  alphanumeric: /[^]/,
  applicationNumber: /[A-Z0-9]/,
};

/** The characters a filter adds to show the value (a caret just after one stays after it). */
const FORMATTING: Partial<Record<TypedKind, RegExp>> = { phone: /[() -]/, currency: /,/, zip: /-/, date: /\// };

/** The text a kind of input keeps of what was typed, formatted. */
export function filterTyped(kind: TypedKind, typed: string): string {
  return FILTERS[kind](typed);
}

export interface TypedResult {
  /** The value to show. */
  value: string;
  /** Where the caret goes: after as many value-carrying characters as were before it. */
  caret: number;
  /** Characters were typed but the field did not take them (announce TYPING_HINT[kind]). */
  refused: boolean;
}

/**
 * One input event of a filtering field: the filtered value, the caret kept after the same characters (so
 * typing or deleting in the middle does not jump to the end; a caret at the end stays at the end), and
 * whether what was typed was refused: the text grew by fewer characters than were typed (a letter in a
 * phone, a second dot, an 11th digit). `previous` is the field's value before the input.
 */
export function applyTyped(kind: TypedKind, typed: string, caret: number, previous: string): TypedResult {
  const value = filterTyped(kind, typed);
  const inserted = typed.length - previous.length;
  const refused = inserted > 0 && value.length - previous.length < inserted;
  if (caret >= typed.length) return { value, caret: value.length, refused };
  const carries = CARRIES[kind];
  const count = (text: string) => [...text].filter((ch) => carries.test(ch)).length;
  const before = Math.min(count(filterTyped(kind, typed.slice(0, caret))), count(value));
  let position = 0;
  for (let seen = 0; position < value.length && seen < before; position++) if (carries.test(value[position]!)) seen++;
  // A caret that stood after formatting ('(608) |') stays after it, not before it ('(608|) ').
  const afterFormatting = caret > 0 && !!FORMATTING[kind]?.test(typed[caret - 1]!);
  if (afterFormatting) while (position < value.length && !carries.test(value[position]!)) position++;
  return { value, caret: position, refused };
}

/**
 * The zip input's own message (spec 5 Address: 'Zip code must be 5 or 9 digits long.'), shown beside the zip
 * with JavaScript once it is left with another number of digits; null when empty or 5 or 9 digits. The save of
 * the Entity Profile answers with its own wording ('Zip code must be 5 or 9 digits.', domain/validation).
 */
export function zipInputError(typed: string): string | null {
  const text = typed.trim();
  return text === '' || ZIP_PATTERN.test(text) ? null : VALIDATION_MSG.zipInput;
}
