// Small helpers the form's first load needs: digits of a text, a file name as displayed, a question's depth.
import { FILE_NAME_DISPLAY_MAX } from './limits';

/** Digits only, cut to `max` when given. */
export function digitsOnly(value: string, max?: number): string {
  const digits = value.replace(/\D/g, '');
  return max === undefined ? digits : digits.slice(0, Math.max(0, max));
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

/** The file's extension, lower-cased, without the dot ('' when none). */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).trim().toLowerCase();
}
