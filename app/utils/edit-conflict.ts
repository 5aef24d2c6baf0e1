// The form side of edit conflicts (issue 43 part 1, docs/decisions/099), for any form of keyed values (a section's or
// the Entity Profile's questions, a reviewer's marks, the rubric's criteria): the hidden fields a form carries (the
// version it started from, the values it started from, a pending conflict), the choices posted (keep mine / take
// theirs per key), and the panel's state built from a refused (409) save. Pure: the action runs it on the server; the
// component (components/edit-conflict-panel.tsx) writes the fields it reads.
import type { AnswerValue, QuestionDef } from '../../domain/questions';
import { answerText, tableRows } from '../../domain/answer-text';
import { EDIT_CONFLICT_MSG, mergeEdits, type EditConflict } from '../../domain/edit-conflicts';

export const EDIT_FIELDS = {
  /** The version the form started from. */
  version: 'edit.version',
  /** The answers the form started from (JSON): the base of the merge. */
  base: 'edit.base',
  /** A conflict shown and not yet settled (JSON of its panel). */
  pending: 'edit.pending',
} as const;

/** The radio group of one conflicting question: 'mine' or 'theirs'. */
export const choiceName = (questionId: string) => `edit.choice.${questionId}`;
export type Choice = 'mine' | 'theirs';

/** One question both sides changed: its label and both answers as text. */
export interface ConflictItem {
  id: string;
  label: string;
  mine: string;
  theirs: string;
}

/** What the conflict panel shows, and what the form re-posts to settle it. */
export interface ConflictPanelState {
  notice: string;
  items: ConflictItem[];
  /** Set when Save came without a choice for every question. */
  error?: string;
}

/** What a form renders in its hidden fields and panel (components/edit-conflict-panel.tsx). */
export interface EditState {
  /** The version the answers shown belong to (none: the form saves as an old client). */
  version: string | undefined;
  /** The answers the form's answers started from. */
  base: Record<string, unknown>;
  /** A conflict to settle, or null. */
  panel: ConflictPanelState | null;
}

/** A freshly read form: the view's version and its answers. */
export const viewEditState = (version: string, questions: readonly { id: string; answer?: unknown }[]): EditState => ({
  version,
  base: Object.fromEntries(questions.map((q) => [q.id, q.answer ?? null])),
  panel: null,
});

/**
 * The edit state of answers held while the person signed in again (utils/auth.server.ts heldAnswers): the version and
 * base the held form carried, so their Save is checked against what they started from; none carried, the view's.
 */
export function heldEditState(held: FormData, view: EditState): EditState {
  const posted = readPostedEdit(held);
  return posted.version ? { version: posted.version, base: posted.base, panel: posted.pending } : view;
}

/** The edit state a form posts: all of it optional (a form without it saves as an old client). */
export interface PostedEdit {
  version: string | undefined;
  base: Record<string, unknown>;
  pending: ConflictPanelState | null;
}

const json = <T,>(text: FormDataEntryValue | null, fallback: T): T => {
  if (typeof text !== 'string' || !text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

export function readPostedEdit(form: FormData): PostedEdit {
  const version = form.get(EDIT_FIELDS.version);
  const pending = json<ConflictPanelState | null>(form.get(EDIT_FIELDS.pending), null);
  return {
    version: typeof version === 'string' && version ? version : undefined,
    base: json<Record<string, unknown>>(form.get(EDIT_FIELDS.base), {}),
    pending: pending && Array.isArray(pending.items) ? pending : null,
  };
}

/**
 * The choices of a pending conflict applied to the posted values: 'theirs' takes the base (after a conflict the base
 * is their saved value), 'mine' keeps the field as posted. `unchosen`: the panel again when a key was left without a choice.
 */
export function applyChoices<V = AnswerValue>(form: FormData, values: Record<string, V>, edit: PostedEdit): { values: Record<string, V>; state: EditState; unchosen: EditState | null } {
  const out = { ...values };
  let missing = 0;
  for (const item of edit.pending?.items ?? []) {
    const choice = form.get(choiceName(item.id));
    if (choice === 'theirs') out[item.id] = (edit.base[item.id] ?? null) as V;
    else if (choice !== 'mine') missing += 1;
  }
  const state: EditState = { version: edit.version, base: edit.base, panel: edit.pending };
  // A Save with a question left unchosen: the same panel again, saying so (nothing saved, nothing lost).
  const unchosen = missing > 0 && edit.pending ? { ...state, panel: { ...edit.pending, error: EDIT_CONFLICT_MSG.chooseEach } } : null;
  return { values: out, state, unchosen };
}

/** How the panel names a key and writes one of its values (both sides of a conflicting key are written the same way). */
export interface ConflictWords {
  label: (id: string) => string;
  text: (id: string, value: unknown) => string;
}

/** The words of a form of questions: the question's text, its answer as the read-only views write it. */
export function questionWords(questions: readonly QuestionDef[]): ConflictWords {
  const byId = new Map(questions.map((q) => [q.id, q]));
  return {
    label: (id) => byId.get(id)?.text ?? id,
    text: (id, value) => {
      const q = byId.get(id);
      if (q?.type === 'Table') return tableRows(q.tableColumns ?? [], value).map((row) => row.filter(Boolean).join(', ')).join('; ') || '(no answer)';
      return (q ? answerText(q, value) : null) ?? '(no answer)';
    },
  };
}

/**
 * The current state of a thing from the refusal itself (the 409's version and values), for the keys the form edits: a
 * key the refusal leaves out has no value now.
 */
export const conflictEditState = (conflict: EditConflict, keys: readonly string[]): EditState => ({
  version: conflict.version,
  base: Object.fromEntries(keys.map((k) => [k, conflict.answers[k] ?? null])),
  panel: null,
});

/**
 * A refused save made into what the form shows next: the values merged (each key only one side changed takes that
 * side; both changed differently keeps mine until chosen), the current version and values as the new base, and the
 * panel. `current`: the thing as now saved (viewEditState of a fresh read, or conflictEditState of the refusal).
 */
export function conflictOutcome<V = AnswerValue>(opts: {
  words: ConflictWords;
  conflict: EditConflict;
  current: EditState;
  base: Record<string, unknown>;
  mine: Record<string, V>;
  what?: string;
}): { values: Record<string, V>; state: EditState } {
  const { words, conflict, current, base, mine } = opts;
  const { merged, conflicts } = mergeEdits(Object.keys(mine), base, mine, current.base);
  return {
    values: merged as Record<string, V>,
    state: {
      version: current.version,
      base: current.base,
      panel: {
        notice: EDIT_CONFLICT_MSG.notice(conflict.savedBy?.name ?? null, conflict.savedAt, opts.what),
        items: conflicts.map((id) => ({ id, label: words.label(id), mine: words.text(id, mine[id]), theirs: words.text(id, current.base[id]) })),
      },
    },
  };
}
