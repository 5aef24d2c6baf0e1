// Display formats of amounts, phone numbers and zip codes (spec 5 "User form", "Text input",
// "Address", "Special questions" table totals) and the plain forms answers are stored in: digits
// for phones and zips, a plain decimal for amounts. Pure: the form, the API and the PDF share it.
import { columnKey, type AnswerValue, type QuestionDef, type TableColumn } from './questions';
// Direct imports, not the validation index: the form's first load must not reach the answer checks (decision 021).
import { currencyParts, parseCurrency } from './validation/amounts';
import { digitsOnly } from './validation/display';
import { PHONE_DIGITS, ZIP_MAX_DIGITS } from './validation/limits';

const ZIP_BASE_DIGITS = 5;
/** '(608) 555-0100': the longest phone text an input holds. */
export const PHONE_INPUT_LENGTH = 14;
/** '12345-6789'. */
export const ZIP_INPUT_LENGTH = 10;

/** '1234567' → '1,234,567'. */
export const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const withoutLeadingZeros = (digits: string) => digits.replace(/^0+(?=\d)/, '') || '0';

// ---------------------------------------------------------------------------------------------
// Amounts
// ---------------------------------------------------------------------------------------------

/**
 * An amount for display: thousands grouped, two decimals when there are cents, a leading minus
 * kept ('1234567.5' → '1,234,567.50', '-1234' → '-1,234', '$1,000.00' → '1,000'). The $ is shown
 * outside the input; `symbol` puts it in the text for read-only places ('-$1,234.50'). Text that is
 * not an amount, or has more than 2 decimals, comes back as given so its error stays visible.
 */
export function formatCurrency(value: string | number | null | undefined, opts: { symbol?: boolean } = {}): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? String(value) : value;
  const parts = currencyParts(text);
  if (!parts || parts.fraction.length > 2) return text;
  const whole = groupThousands(withoutLeadingZeros(parts.whole));
  const cents = /[1-9]/.test(parts.fraction) ? `.${parts.fraction.padEnd(2, '0')}` : '';
  const negative = parts.negative && (whole !== '0' || cents !== '');
  return `${negative ? '-' : ''}${opts.symbol ? '$' : ''}${whole}${cents}`;
}

/**
 * The stored form of a typed amount: '$1,234.50' → '1234.50', '-$5' → '-5', '.5' → '0.5'. Text
 * that is not an amount is only trimmed, so validation reports it as typed.
 */
export function normalizeCurrency(text: string): string {
  const parts = currencyParts(text);
  if (!parts) return text.trim();
  const whole = withoutLeadingZeros(parts.whole);
  const negative = parts.negative && /[1-9]/.test(whole + parts.fraction);
  return `${negative ? '-' : ''}${whole}${parts.fraction ? `.${parts.fraction}` : ''}`;
}

// ---------------------------------------------------------------------------------------------
// Phone numbers
// ---------------------------------------------------------------------------------------------

/** '(608) 55' for the digits typed so far (at most 10). */
function phoneGroups(d: string): string {
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** The number without the +1 country code the validation also accepts. */
const withoutCountryCode = (text: string) => text.trim().replace(/^\+1/, '');

/**
 * A phone number for display: '6085550100' → '(608) 555-0100', partial digits progressively
 * ('60855' → '(608) 55'), a '+1' prefix dropped unless `countryCode` asks for '+1 (608) 555-0100'
 * (spec 5 User form). Text that is not a phone number (letters, more than 10 digits) comes back as given.
 */
export function formatPhone(value: string | null | undefined, opts: { countryCode?: boolean } = {}): string {
  if (!value) return '';
  const rest = withoutCountryCode(value);
  if (!/^[\d\s().-]*$/.test(rest)) return value;
  const digits = rest.replace(/\D/g, '');
  if (digits.length === 0 || digits.length > PHONE_DIGITS) return value.trim();
  const local = phoneGroups(digits);
  return opts.countryCode && digits.length === PHONE_DIGITS ? `+1 ${local}` : local;
}

/** While typing (spec 5: a phone keeps digits only, max 10): '608555a0100' → '(608) 555-0100'. */
export function phoneInput(typed: string): string {
  return phoneGroups(digitsOnly(withoutCountryCode(typed), PHONE_DIGITS));
}

/** The stored form: the 10 digits of a complete number ('+1 (608) 555-0100' → '6085550100'); anything else only trimmed. */
export function normalizePhone(text: string): string {
  const digits = withoutCountryCode(text).replace(/[\s().-]/g, '');
  return new RegExp(`^\\d{${PHONE_DIGITS}}$`).test(digits) ? digits : text.trim();
}

// ---------------------------------------------------------------------------------------------
// Zip codes
// ---------------------------------------------------------------------------------------------

const zipGroups = (d: string) => (d.length > ZIP_BASE_DIGITS ? `${d.slice(0, ZIP_BASE_DIGITS)}-${d.slice(ZIP_BASE_DIGITS)}` : d);

/**
 * A zip code for display, a dash after 5 digits: '123456789' → '12345-6789', '12345' → '12345'.
 * Text that is not a zip (letters, more than 9 digits) comes back as given.
 */
export function formatZip(value: string | null | undefined): string {
  if (!value) return '';
  const text = value.trim();
  if (!/^[\d\s-]*$/.test(text)) return value;
  const digits = text.replace(/\D/g, '');
  return digits.length > ZIP_MAX_DIGITS ? text : zipGroups(digits);
}

/** While typing: digits only, at most 9, the dash after the fifth. */
export function zipInput(typed: string): string {
  return zipGroups(digitsOnly(typed, ZIP_MAX_DIGITS));
}

/** The stored form: digits when the text is digits, dashes and spaces ('12345-6789' → '123456789'); anything else only trimmed. */
export function normalizeZip(text: string): string {
  const trimmed = text.trim();
  return /^[\d\s-]*$/.test(trimmed) ? trimmed.replace(/\D/g, '') : trimmed;
}

/** An address's zip with its separate 4-digit extension joined on: {zip: '12345', zip_4: '6789'} → '123456789'. */
export function addressZip(address: { zip?: unknown; zip_4?: unknown }): string {
  const zip = typeof address.zip === 'string' ? address.zip.trim() : '';
  const zip4 = typeof address.zip_4 === 'string' ? address.zip_4.trim() : '';
  return /^\d{5}$/.test(zip) && /^\d{4}$/.test(zip4) ? zip + zip4 : zip;
}

// ---------------------------------------------------------------------------------------------
// Table totals
// ---------------------------------------------------------------------------------------------

export const isSummedColumn = (column: TableColumn) => column.type === 'Number' || column.type === 'Currency';

const amountCell = (cell: unknown): string | number | null => (typeof cell === 'string' || typeof cell === 'number' ? cell : null);

/** A cell's amount in whole cents; 0 when blank or not an amount. */
function cents(cell: unknown): number {
  const text = amountCell(cell);
  const parts = text === null ? null : currencyParts(String(text));
  if (!parts) return 0;
  const value = Number(parts.whole || '0') * 100 + Math.round(Number(`0.${parts.fraction || '0'}`) * 100);
  return parts.negative ? -value : value;
}

/** A sum of cents as a plain decimal: -123456 → '-1234.56'. */
const centsText = (total: number) => `${total < 0 ? '-' : ''}${Math.trunc(Math.abs(total) / 100)}.${String(Math.abs(total) % 100).padStart(2, '0')}`;

/**
 * The totals row of a table with totals, one entry per column: the sum of a Number column grouped
 * ('1,234.5'), of a Currency column as an amount ('$1,234.50'), null for other columns. Blank or
 * unreadable cells count as 0; sums are exact to the cent.
 */
export function tableTotals(columns: readonly TableColumn[], rows: readonly Record<string, unknown>[]): (string | null)[] {
  return columns.map((column) => {
    if (!isSummedColumn(column)) return null;
    const key = columnKey(column.name);
    if (column.type === 'Currency') return formatCurrency(centsText(rows.reduce((sum, row) => sum + cents(row[key]), 0)), { symbol: true });
    const total = rows.reduce((sum, row) => sum + (parseCurrency(amountCell(row[key])) ?? 0), 0);
    return total.toLocaleString('en-US', { maximumFractionDigits: 6 });
  });
}

// ---------------------------------------------------------------------------------------------
// Stored forms of submitted answers
// ---------------------------------------------------------------------------------------------

/**
 * An answer in the form it is stored in: amounts as plain decimals, phone numbers and zips as
 * digits (Text, Address zip, Currency table cells), application numbers upper-cased (ApplicationNumber table cells).
 * Text that does not read as one is kept as typed.
 */
export function normalizeAnswer(q: Pick<QuestionDef, 'type' | 'responseType' | 'tableColumns'>, value: AnswerValue): AnswerValue {
  if (q.type === 'Text' && typeof value === 'string') {
    if (q.responseType === 'Currency') return normalizeCurrency(value);
    if (q.responseType === 'PhoneNumber') return normalizePhone(value);
    return value;
  }
  if (q.type === 'Address' && typeof value === 'object' && value !== null && !Array.isArray(value) && 'zip' in value && typeof value.zip === 'string') {
    return { ...value, zip: normalizeZip(value.zip) };
  }
  if (q.type === 'Table' && Array.isArray(value)) {
    const keysOf = (type: string) => (q.tableColumns ?? []).filter((c) => c.type === type).map((c) => columnKey(c.name));
    const currency = keysOf('Currency');
    // Application numbers are upper-cased (spec 5): 'ga-lkv004' is stored GA-LKV004 (issue 41).
    const applicationNumbers = keysOf('ApplicationNumber');
    if (currency.length === 0 && applicationNumbers.length === 0) return value;
    return (value as Record<string, string>[]).map((row) => {
      if (typeof row !== 'object' || row === null || Array.isArray(row)) return row;
      const next = { ...row };
      for (const key of currency) if (typeof next[key] === 'string' && next[key] !== '') next[key] = normalizeCurrency(next[key]);
      for (const key of applicationNumbers) if (typeof next[key] === 'string') next[key] = next[key].trim().toUpperCase();
      return next;
    });
  }
  return value;
}

/** Every answer of a submitted form in its stored form (see normalizeAnswer). */
export function normalizeAnswers(
  questions: readonly Pick<QuestionDef, 'id' | 'type' | 'responseType' | 'tableColumns'>[],
  answers: Record<string, AnswerValue>,
): Record<string, AnswerValue> {
  const out = { ...answers };
  for (const q of questions) if (Object.prototype.hasOwnProperty.call(out, q.id)) out[q.id] = normalizeAnswer(q, out[q.id] ?? null);
  return out;
}
