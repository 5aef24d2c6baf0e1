// Question and answer shapes shared by the browser form and the API (spec 3). Pure: no I/O.

export type QuestionType = 'Header' | 'Text' | 'Date' | 'Dropdown' | 'Checkbox' | 'Radio' | 'File' | 'Table' | 'Address';

export type TextResponseType = 'Multiline' | 'Currency' | 'PhoneNumber' | 'Email' | 'Url' | 'Number';

export type TableColumnType =
  | 'Text'
  | 'Alphanumeric'
  | 'ApplicationNumber'
  | 'Number'
  | 'Currency'
  | 'Multiline'
  | 'Dropdown'
  | 'Readonly'
  | 'Date';

export interface TableColumn {
  name: string;
  type: TableColumnType;
  options?: string[];
}

export interface QuestionMetadata {
  condition?: 'exact' | 'min' | 'max';
  validation_length?: number;
  validation_value?: number;
  /** Largest numeric value accepted (e.g. 48 months for question 74). */
  numericMax?: number;
  /** System number of the total this amount is compared with (25% check). */
  percentOf?: string;
  /** Letters, spaces, hyphens and apostrophes only (questions 10 and 14). */
  nameType?: boolean;
  /** Options come from a server list instead of responseOptions. */
  optionsFrom?: 'projectAreas' | 'technologyTypes';
  /** System number of the question whose choice fills this one (22 from 21). */
  filledFrom?: string;
  /** System number of the table (22) whose unserved/underserved counts above 0 make this question mandatory. */
  mandatoryWhenPositive?: string;
  /** Checkbox group allowing several choices. */
  multiple?: boolean;
  /** Table shows column totals. */
  hasTotals?: boolean;
}

export interface QuestionDef {
  id: string;
  systemNo: string;
  text: string;
  type: QuestionType;
  responseType: TextResponseType | null;
  mandatory: boolean;
  readOnly: boolean;
  responseOptions: { id: number; name: string }[] | null;
  tableColumns: TableColumn[] | null;
  /** 'MM/DD/YYYY', or relative to today: 'today', '+4y', '-30d', '+6m'. */
  minDate: string | null;
  maxDate: string | null;
  dependentSystemNo: string | null;
  dependentResponseValue: string | null;
  additionalMetadata: QuestionMetadata | null;
  addMoreRows: boolean;
}

export interface AddressValue {
  country: string;
  state: string;
  zip: string;
  street_address_1: string;
  street_address_2?: string;
  city: string;
  zip_4?: string;
}

export interface FileValue {
  documentId: string;
  fileName: string;
  /** A file chosen in a save that failed, held until a save succeeds (docs/decisions/022); documentId is '' then. */
  pendingUploadId?: string;
}

/** One table row; keys are columnKey(column name). */
export type TableRow = Record<string, string>;

/**
 * Text/Date/Dropdown/Radio → string (Date is 'MM/DD/YYYY'); Checkbox → chosen option names;
 * File → FileValue; Table → rows; Address → AddressValue; empty → null.
 */
export type AnswerValue = string | string[] | AddressValue | FileValue | TableRow[] | null;

export const DEFAULT_COUNTRY = 'United States';

/** 'Unit cost' → 'unit_cost' (lower-cased, whitespace runs → underscores). */
export function columnKey(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '_');
}
