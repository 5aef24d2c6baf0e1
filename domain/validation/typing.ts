// Input normalizers used while typing (numbers, dates, application numbers, alphanumeric cells). Only the typing
// filters use them (domain/input.ts, loaded on a field's first focus): what the first load needs is display.ts.
import { APPLICATION_NUMBER_LENGTH, APPLICATION_NUMBER_PREFIX } from './limits';

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
