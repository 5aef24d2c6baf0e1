// The Score Preview of the review screen (review rubric 5, issue 12 item 6; decision 042): what the loader hands the
// dialog (?rubric=preview) — each criterion with its max, the server's suggestion and the figures it came from, the
// saved value — and the State_Admin's save (a plain form post; "Use suggestion" buttons post the same form with that
// criterion, or every one, set to the suggestion). Bounds are checked here with the API's messages (domain/rubric.ts)
// before posting, and again by the API; a refusal keeps what was typed.
import { data } from '@remix-run/node';
import { formFailure, readOrFail, type ApiCaller } from '../../utils/api-errors.server';
import { redirectWithToast } from '../../utils/session.server';
import type { ApiSession } from '../../api/client.server';
import { rubricSheet, saveRubric, type RubricBody } from '../../api/rubric.server';
import { formatPoints, parsePoints, RUBRIC_FIELDS, rubricProblem, type RubricField } from '../../../domain/rubric';
import { formatListDateTime } from '../../../domain/dates';
import { can } from '../../../domain/permissions';
import type { RoleName } from '../../../domain/roles';
import { RUBRIC_INTENT, RUBRIC_OPEN, RUBRIC_PARAM, USE_SUGGESTION } from './rubric-intents';
import { applyChoices, conflictEditState, conflictOutcome, readPostedEdit, viewEditState, type ConflictWords, type EditState } from '../../utils/edit-conflict';

export interface RubricCriterionView {
  field: RubricField;
  label: string;
  max: number;
  how: string;
  /** The suggestion as text ('37.81'), null when there is none. */
  suggestion: string | null;
  basis: string;
  saved: string | null;
}

export interface RubricView {
  /** The State_Admin scores; the other readers see the sheet. */
  editable: boolean;
  /** The open dialog's sheet. */
  open: null | {
    criteria: RubricCriterionView[];
    total: string;
    maxTotal: string;
    suggestedTotal: string;
    scored: boolean;
    lastModified: string | null;
    /** The version and scores the form starts from (decision 099). */
    edit: EditState;
  };
}

/** A posted Score Preview that was refused: the values as typed and the messages, by field. */
export interface RubricFailure {
  intent: typeof RUBRIC_INTENT;
  values: Partial<Record<RubricField, string>>;
  errors: Record<string, string>;
  message: string;
  /** The version and scores the form goes on from, and a conflict to settle (decision 099). */
  edit?: EditState;
}

const points = (n: number | null | undefined) => (n === null || n === undefined ? null : formatPoints(n));

/** Null for a caller who may not read the rubric (the Score Preview is not offered); the sheet only while the dialog is open. */
export async function rubricView(api: ApiSession, caller: ApiCaller, id: string, url: URL, role: RoleName | null | undefined, otherDialog: boolean): Promise<RubricView | null> {
  if (!role || !can(role, 'read', 'rubric')) return null;
  const editable = can(role, 'update', 'rubric');
  if (otherDialog || url.searchParams.get(RUBRIC_PARAM) !== RUBRIC_OPEN) return { editable, open: null };
  const sheet = await readOrFail(caller, rubricSheet(api, id));
  return {
    editable,
    open: {
      criteria: sheet.criteria.map((c) => ({ field: c.field, label: c.label, max: c.max, how: c.how, suggestion: points(c.suggestion), basis: c.basis, saved: points(c.saved) })),
      total: formatPoints(sheet.totalScore),
      maxTotal: formatPoints(sheet.maxTotal),
      suggestedTotal: formatPoints(sheet.suggestedTotal),
      scored: sheet.scored,
      lastModified: sheet.scored && sheet.updatedAt
        ? `${sheet.lastModifiedByName ?? 'Unknown'}, ${formatListDateTime(sheet.updatedAt)}`
        : null,
      edit: viewEditState(sheet.version, sheet.criteria.map((c) => ({ id: c.field, answer: c.saved }))),
    },
  };
}

/** The conflict panel's words for the sheet: the criterion, its score as the sheet writes it. */
function rubricWords(criteria: readonly { field: RubricField; label: string; max: number }[]): ConflictWords {
  const byField = new Map<string, { label: string; max: number }>(criteria.map((c) => [c.field, c]));
  return {
    label: (id) => byField.get(id)?.label ?? id,
    text: (id, value) => (typeof value === 'number' ? `${formatPoints(value)} of ${byField.get(id)?.max ?? ''}` : 'not scored'),
  };
}

/** A score as typed, or (taken from theirs) as stored. */
const typedPoints = (v: string | number | null | undefined) => (typeof v === 'number' ? formatPoints(v) : (v ?? ''));

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** The State_Admin's save. `back`: the page with the dialog still open (the total shows after saving). */
export async function rubricAction(api: ApiSession, caller: ApiCaller, form: FormData, id: string, back: string) {
  // The version and scores the form started from, and a conflict's choices applied (decision 099).
  const posted = readPostedEdit(form);
  const typed = Object.fromEntries(RUBRIC_FIELDS.map((f) => [f, text(form, f).trim()])) as Record<RubricField, string | number | null>;
  const chosen = applyChoices(form, typed, posted);
  const values = Object.fromEntries(RUBRIC_FIELDS.map((f) => [f, typedPoints(chosen.values[f])])) as Record<RubricField, string>;
  let edit = chosen.unchosen ?? chosen.state;
  const fail = (errors: Record<string, string>, message: string, status = 400) =>
    data<RubricFailure>({ intent: RUBRIC_INTENT, values, errors, message, edit }, { status });
  if (chosen.unchosen) return fail({}, '', 409);
  let criteria: readonly { field: RubricField; label: string; max: number }[] = [];
  try {
    const sheet = await rubricSheet(api, id);
    criteria = sheet.criteria;
    const use = text(form, USE_SUGGESTION);
    for (const c of sheet.criteria) {
      if ((use === c.field || use === 'all') && c.suggestion !== null) values[c.field] = formatPoints(c.suggestion);
    }
    const errors: Record<string, string> = {};
    for (const c of sheet.criteria) {
      const problem = rubricProblem(c.field, values[c.field], c.max);
      if (problem) errors[c.field] = problem;
    }
    const first = Object.values(errors)[0];
    if (first) return fail(errors, first);
    const body: RubricBody = Object.fromEntries(RUBRIC_FIELDS.map((f) => [f, parsePoints(values[f])]));
    const res = await saveRubric(api, id, { ...body, ...(posted.version ? { version: posted.version } : {}) });
    return redirectWithToast(`${back}#score-preview`, caller.context, { type: 'success', title: res.message });
  } catch (error) {
    const failure = await formFailure(error, caller, 'The rubric scores could not be saved');
    if (failure.editConflict) {
      // Saved meanwhile by another reviewer or admin: the refusal's scores are theirs; nothing typed is lost.
      const mine = Object.fromEntries(RUBRIC_FIELDS.map((f) => [f, parsePoints(values[f])]));
      const outcome = conflictOutcome({
        words: rubricWords(criteria), conflict: failure.editConflict, current: conflictEditState(failure.editConflict, RUBRIC_FIELDS),
        base: posted.base, mine, what: 'the rubric sheet',
      });
      for (const f of RUBRIC_FIELDS) values[f] = typedPoints(outcome.values[f]);
      edit = outcome.state;
      return fail({}, failure.message, 409);
    }
    return fail(failure.fields, failure.message, failure.status);
  }
}
