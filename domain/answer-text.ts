// Answers written for a person: the printed application (api/services/application-pdf.ts) and the state's review
// screen show every answer type as text, amounts as '$1,234.50', phone numbers as '(608) 555-0100'. Pure.
import { DEFAULT_COUNTRY, columnKey, type AnswerValue, type QuestionType, type TableColumn, type TextResponseType } from './questions';
import { isEmptyAnswer } from './validation';
import { addressZip, formatCurrency, formatPhone, formatZip, tableTotals } from './format';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const cellText = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v).trim());

/** 'street 1, street 2, city, state zip' (the zip as 12345-6789; a country other than the default last). */
export function addressText(value: Record<string, unknown>): string {
  const part = (key: string) => cellText(value[key]);
  const zip = formatZip(addressZip({ zip: part('zip'), zip_4: part('zip_4') }));
  const stateZip = [part('state'), zip].filter(Boolean).join(' ');
  const country = part('country');
  return [part('street_address_1'), part('street_address_2'), part('city'), stateZip, country && country !== DEFAULT_COUNTRY ? country : '']
    .filter(Boolean)
    .join(', ');
}

type AnsweredQuestion = { type: QuestionType; responseType?: TextResponseType | null };

/** A text answer as the form shows it: amounts as '$1,234.50', phone numbers as '(608) 555-0100'. */
function textAnswer(q: AnsweredQuestion, text: string): string {
  if (q.responseType === 'Currency') return formatCurrency(text.trim(), { symbol: true });
  if (q.responseType === 'PhoneNumber') return formatPhone(text);
  return text;
}

/** Any answer but a table as one text; null when empty. */
export function answerText(q: AnsweredQuestion, value: AnswerValue | unknown): string | null {
  if (isEmptyAnswer(value)) return null;
  if (typeof value === 'string') return textAnswer(q, value);
  if (typeof value === 'number') return textAnswer(q, String(value));
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    const items = value.map((v) => (isRecord(v) && 'fileName' in v ? cellText(v.fileName) : isRecord(v) ? answerText(q, v) ?? '' : cellText(v)));
    return items.filter(Boolean).join(', ') || null;
  }
  if (isRecord(value)) {
    if ('documentId' in value || 'fileName' in value) return cellText(value.fileName) || null;
    if (q.type === 'Address' || 'street_address_1' in value || 'zip' in value) return addressText(value) || null;
    return Object.values(value).map(cellText).filter(Boolean).join(', ') || null;
  }
  return null;
}

/** A table answer's rows (blank rows left out) as cell texts in column order. */
export function tableRows(columns: readonly TableColumn[], value: unknown): string[][] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(isRecord)
    .map((row) => columns.map((c) => cellText(row[columnKey(c.name)])))
    .filter((cells) => cells.some((c) => c !== ''));
}

/** A cell as the form shows it: amounts as '$1,234.50'. */
export const cellDisplay = (column: TableColumn, text: string): string =>
  column.type === 'Currency' && text !== '' ? formatCurrency(text, { symbol: true }) : text;

/** The totals row of a table with totals: 'Total', then the sums of its Number and Currency columns. */
export function totalsRow(columns: readonly TableColumn[], rows: string[][]): string[] {
  const records = rows.map((cells) => Object.fromEntries(columns.map((c, i) => [columnKey(c.name), cells[i] ?? ''])));
  return tableTotals(columns, records).map((total, i) => (i === 0 ? 'Total' : total ?? ''));
}

