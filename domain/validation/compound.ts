// Compound answers: addresses and tables (typed cells, rows).
import { type AddressValue, columnKey, type QuestionDef, type TableColumn, type TableRow } from '../questions';
import { currencyError } from './currency-rule';
import { isBlankCell, isRecord, scalarText, type ValidationContext } from './answers-common';
import { validateDateString } from './dates';
import { ALPHANUMERIC_PATTERN, APPLICATION_NUMBER_PATTERN, NUMBER_PATTERN, ZIP_PATTERN } from './limits';
import { requiredMessage, VALIDATION_MSG } from './messages';

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

export function addressError(value: unknown, mandatory: boolean, context: ValidationContext): string | null {
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
      // Upper-cased as it is stored (domain/format.ts normalizeAnswer, spec 5): 'ga-lkv004' is GA-LKV004 (issue 41).
      return APPLICATION_NUMBER_PATTERN.test(text.toUpperCase()) ? null : VALIDATION_MSG.cellApplicationNumber(column.name);
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

export function tableError(q: QuestionDef, value: unknown, mandatory: boolean, context: ValidationContext): string | null {
  if (!Array.isArray(value)) return VALIDATION_MSG.invalidValue;
  if (value.length === 0) return mandatory ? requiredMessage(context) : null;
  return validateTableRows(q.tableColumns ?? [], value as TableRow[], mandatory)[0]?.message ?? null;
}
