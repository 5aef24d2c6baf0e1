// Spec 5's input rules while a person types (phone, number, currency, zip, date, table Alphanumeric and
// ApplicationNumber cells): one filter per kind, the caret kept, a refused character told. Applied in the browser
// by app/utils/formatted-input.ts, synchronously in each input event, on the Entity Profile and the application
// form alike; the server normalizes and checks every save without them (domain/format.ts normalizeAnswer,
// domain/validation). Every page with a question field loads this module, so it imports no message table.
import { alphanumericInput, autoSlashDate, normalizeApplicationNumber, numberInput } from './validation/typing';
import { APPLICATION_NUMBER_LENGTH, DATE_INPUT_LENGTH, PHONE_DIGITS, ZIP_MAX_DIGITS } from './validation/limits';
import { groupThousands, phoneInput, PHONE_INPUT_LENGTH, zipInput, ZIP_INPUT_LENGTH } from './format';

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
 * The longest formatted text of a kind ('(608) 555-0100', '12345-6789', 'MM/DD/YYYY', 'GA-XXXXXX'): the input's
 * maxlength without JavaScript only. With JavaScript the filter caps the value itself, after seeing everything
 * typed or pasted: a maxlength would cut the raw text first ('12a345-67x89' pasted into a zip became '12a345-67x',
 * so '12345-67'; issue 41 item 11).
 */
export const TYPED_LENGTH: Partial<Record<TypedKind, number>> = {
  phone: PHONE_INPUT_LENGTH,
  zip: ZIP_INPUT_LENGTH,
  date: DATE_INPUT_LENGTH,
  applicationNumber: APPLICATION_NUMBER_LENGTH,
};
