// Edit conflicts (issue 43 part 1, docs/decisions/099): every save names the version it started from; a stale one is
// refused (409) with the current values, who saved them and when. This file is the part both sides share: the
// conflict's wire shape, its words, and the merge rule the conflict panel applies (pure, no Node: the UI imports it).
import { formatClockTime } from './dates';

/** The `code` of a 409 refusing a stale save. */
export const EDIT_CONFLICT = 'EDIT_CONFLICT';

/** The 409 body of a stale save (besides `message`): the values as they stand now, keyed by question (or field). */
export interface EditConflict {
  code: typeof EDIT_CONFLICT;
  /** The current version: a save of the chosen values names it. */
  version: string;
  /** The values as saved now (a question without a value is left out). */
  answers: Record<string, unknown>;
  /** Who saved last, when it is known. */
  savedBy: { id: string; name: string } | null;
  savedAt: string | Date | null;
}

export const EDIT_CONFLICT_MSG = {
  /** The 409's message (the API's words; the screen says who and when). */
  stale: 'Someone saved this while you were editing. Nothing was saved: choose which answers to keep.',
  notice: (name: string | null, at: string | Date | null, what = 'this section') =>
    `${name ?? 'Someone'} saved ${what}${at ? ` at ${formatClockTime(at)}` : ''} while you were editing.`,
  keepMine: 'Keep mine',
  takeTheirs: 'Take theirs',
  yours: 'Your answer',
  theirs: 'Their answer',
  choose: 'These answers were changed on both sides. Choose one for each, then Save.',
  chooseEach: 'Choose Keep mine or Take theirs for each answer.',
} as const;

/** Stable JSON (object keys sorted, undefined left out): jsonb does not keep key order, so values are compared this way. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * A value as it counts for the merge: blanks ('' and null), blank table rows and lists left out, so a form's empty
 * table row, an unchecked checkbox list and a question never answered all read as no value.
 */
function meaningful(v: unknown): unknown {
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return null;
  if (Array.isArray(v)) {
    const items = v.map(meaningful).filter((x) => x !== null);
    return items.length ? items : null;
  }
  if (typeof v === 'object' && !(v instanceof Date)) {
    return Object.values(v as Record<string, unknown>).some((x) => meaningful(x) !== null) ? v : null;
  }
  return v;
}
export const sameValue = (a: unknown, b: unknown) => canonical(meaningful(a)) === canonical(meaningful(b));

/** The merge of one refused save (decision 099): per key, base (what the form started from), mine and theirs. */
export interface EditMerge<V> {
  /** What a Save writes without asking: each key only one side changed takes that side. */
  merged: Record<string, V | null>;
  /** The keys both sides changed, differently: the person chooses keep mine / take theirs. */
  conflicts: string[];
}

/**
 * Three-way merge: a key unchanged by me takes theirs; a key unchanged by them keeps mine; both changed alike is
 * settled; both changed differently is a conflict (mine meanwhile, until chosen).
 */
export function mergeEdits<V>(keys: readonly string[], base: Record<string, unknown>, mine: Record<string, V | null>, theirs: Record<string, unknown>): EditMerge<V> {
  const merged: Record<string, V | null> = {};
  const conflicts: string[] = [];
  for (const key of keys) {
    const m = mine[key] ?? null;
    const t = (theirs[key] ?? null) as V | null;
    if (sameValue(m, t)) merged[key] = m;
    else if (sameValue(m, base[key])) merged[key] = t;
    else if (sameValue(t, base[key])) merged[key] = m;
    else {
      merged[key] = m;
      conflicts.push(key);
    }
  }
  return { merged, conflicts };
}

/** Whether an API failure body is an edit conflict. */
export function asEditConflict(body: unknown): EditConflict | null {
  const b = body as Partial<EditConflict> | null;
  return b && typeof b === 'object' && b.code === EDIT_CONFLICT && typeof b.version === 'string' && b.answers && typeof b.answers === 'object'
    ? { code: EDIT_CONFLICT, version: b.version, answers: b.answers, savedBy: b.savedBy ?? null, savedAt: b.savedAt ?? null }
    : null;
}
