// The validation messages: spec 5 verbatim, plus the portal's own where the spec has none. Only the answer checks
// import this module (loaded lazily by the form, decision 021): the form's first load does not need them.
import type { ValidationContext } from './answers-common';

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

/** The required message of an empty mandatory answer, by where it is checked. */
export const requiredMessage = (context: ValidationContext): string =>
  context === 'profile' ? VALIDATION_MSG.requiredProfile : VALIDATION_MSG.required;
