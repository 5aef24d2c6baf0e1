// Input hygiene shared by the API and the UI: text no field may hold, addresses that do not decode,
// calendar days (yyyy-MM-dd) that must exist, and the zip input's own message. The filters of spec 5's input
// rules applied while a person types are domain/typed-input.ts (every page with a question field loads them). The
// browser loads the zip message on demand, so nothing here may pull Zod in unless asked (IsoDaySchema is built by
// a pure call).
import * as z from 'zod';
import { PORTAL_MSG } from './messages';
import { parseDateString } from './validation/dates';
import { ZIP_PATTERN } from './validation/limits';
import { VALIDATION_MSG } from './validation/messages';

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

/**
 * The zip input's own message (spec 5 Address: 'Zip code must be 5 or 9 digits long.'), shown beside the zip
 * with JavaScript once it is left with another number of digits; null when empty or 5 or 9 digits. The save of
 * the Entity Profile answers with its own wording ('Zip code must be 5 or 9 digits.', domain/validation).
 */
export function zipInputError(typed: string): string | null {
  const text = typed.trim();
  return text === '' || ZIP_PATTERN.test(text) ? null : VALIDATION_MSG.zipInput;
}
