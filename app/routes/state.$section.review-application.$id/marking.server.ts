// The review screen's marking (decision 038): what the loader hands the page about the caller's own review (the
// conflict-of-interest declaration, the marks of the step shown, the sections to submit, the decision), the admins'
// view of the reviews (status, declaration, Unlock), and the review summary with the decisions; and the action's intents (declare,
// save marks, submit a section, submit the decision, unlock a review). The mark rules are domain/review-marks.ts,
// checked here before posting (the same messages the API gives) and again by the API.
import { data, redirect } from '@remix-run/node';
import { formFailure, readUnlessForbidden, type ApiCaller } from '../../utils/api-errors.server';
import { redirectWithToast } from '../../utils/session.server';
import type { ApiSession } from '../../api/client.server';
import {
  consensusOf, setConsensus, declareConflict, reviewSummary, saveMarks, submitDecision, submitSection, unlockReview, type MarkBody, type ReviewWithMarking,
} from '../../api/review-marking.server';
import {
  CONSENSUS_MSG, consensusProblem, DECISION_LABELS, MARK_MSG, markProblem, markRule, parseScore, REVIEW_DECISIONS, type MarkMode, type PassFail,
} from '../../../domain/review-marks';
import { reviewerTypeLabel } from '../../../domain/review-assignments';
import { ASSIGNMENT_WORD, computedText, decisionText, markText, stageHasReviews, summaryText } from '../../../domain/review-text';
import { CONSENSUS_PARAM, consensusRowId, MARKING_INTENTS, REVIEW_UNLOCK_PARAM } from './marking-intents';
import { STAGE_WORD, stageAdmins, stageReviewStatuses } from '../../../domain/workflow';
import type { Stage } from '../../../domain/permissions';
import type { RoleName } from '../../../domain/roles';
import { reviewSight } from '../../../domain/review-sight';
import {
  applyChoices, conflictEditState, conflictOutcome, readPostedEdit, viewEditState, type ConflictWords, type EditState,
} from '../../utils/edit-conflict';

export { CONSENSUS_PARAM, isMarkingIntent, MARKING_INTENTS, REVIEW_UNLOCK_PARAM } from './marking-intents';

/** A mark control of a question of the step shown. */
export interface MarkView {
  questionId: string;
  systemNo: string;
  mode: MarkMode;
  max: number | null;
  passFail: PassFail | null;
  score: number | null;
  comment: string | null;
}

export interface MarkingView {
  /** The caller may read the application's reviews (its summary answered): the state review PDF is theirs too (decision 046). */
  reviewsReadable: boolean;
  /** The caller's own review (a reviewer assigned in the current stage), else null. */
  mine: null | {
    stage: string;
    assignment: keyof typeof ASSIGNMENT_WORD;
    /** Asked before the answers show. */
    mustDeclare: boolean;
    /** Submitted, or the application left the stage's review status: marks shown as text. */
    readOnly: boolean;
    decision: { label: string; comments: string } | null;
    /** The step's questions to mark (empty: nothing to mark in this section). */
    marks: MarkView[];
    stepSubmitted: boolean;
    /** The sections holding questions to mark, with their submission. */
    sections: { id: string; slug: string; name: string; submitted: boolean }[];
    /** The version and marks the step's form starts from (decision 099). */
    edit: EditState;
  };
  /**
   * The admins' view: each reviewer assigned or withdrawn, with their declaration and whether the caller may unlock it;
   * only for a caller who sees the current stage's reviews whole (sight 'all'), else empty.
   */
  reviews: { reviewerId: string; name: string; type: string; status: string; declaration: string | null; canUnlock: boolean }[];
  /** The open Unlock review dialog. */
  unlocking: { reviewerId: string; name: string } | null;
  /**
   * The summary of every stage that has reviews (domain/review-text.ts stageHasReviews; the State stage too, issue 41
   * item 6), with the current pass's decisions the caller sees (the state review PDF prints the same).
   */
  summary: { stage: string; text: string; decisions: { id: string; text: string; comments: string }[] }[];
  /** Review rubric 4, in the stage's IN_STATE_CONSENSUS status: each question's reviews side by side (sight 'all' on the stage). */
  consensus: null | {
    stage: string;
    editable: boolean;
    rows: {
      questionId: string; systemNo: string; text: string; mode: MarkMode; max: number | null;
      reviews: string[]; computed: string; disagreement: boolean; value: string | null; comments: string | null;
    }[];
    /** The open Set consensus dialog. */
    open: null | { questionId: string; systemNo: string; text: string; mode: MarkMode; max: number | null; computed: string; passFail: PassFail | null; score: number | null; comments: string | null };
  };
}

const dateText = (iso: string) => new Date(iso).toLocaleDateString('en-US', { timeZone: 'America/New_York', month: '2-digit', day: '2-digit', year: 'numeric' });

export async function markingView(
  api: ApiSession, caller: ApiCaller, review: ReviewWithMarking, stepId: string, url: URL, role: RoleName | null | undefined,
): Promise<MarkingView> {
  const app = review.application;
  const stage = app.stage;
  const inReview = !!stage && app.status === stageReviewStatuses(stage)[0];
  // The reviews are read through 'read review' (a vendor admin: its own stage only): a caller who may read the
  // application but not its reviews sees no summary and no consensus, not an error.
  const summary = await readUnlessForbidden(caller, reviewSummary(api, app.applicationId));
  // What the caller sees of the current stage's reviews: the rule the API applies (domain/review-sight.ts, decision
  // 051), so a vendor admin outside its own stage sees neither the consensus nor the other reviewers, and a reviewer
  // only their own review (\`mine\`).
  const sight = role ? reviewSight(role, stage) : null;

  let mine: MarkingView['mine'] = null;
  const my = review.myReview;
  if (my && stage) {
    const step = review.sections.find((s) => s.id === stepId);
    const saved = new Map(my.marks.map((m) => [m.questionId, m]));
    const marks: MarkView[] = (step?.questions ?? []).flatMap((q) => {
      const rule = markRule(stage, q.systemNo);
      if (!rule || !q.visible) return [];
      const m = saved.get(q.id);
      return [{ questionId: q.id, systemNo: q.systemNo, mode: rule.mode, max: rule.max, passFail: m?.passFail ?? null, score: m?.score ?? null, comment: m?.comment ?? null }];
    });
    const sections = review.sections
      .filter((s) => s.questions.some((q) => markRule(stage, q.systemNo)))
      .map((s) => ({ id: s.id, slug: s.slug, name: s.name, submitted: my.submittedSectionIds.includes(s.id) }));
    mine = {
      stage: STAGE_WORD[stage],
      assignment: my.assignment,
      mustDeclare: !my.declaration && my.assignment !== 'SUBMITTED',
      readOnly: my.assignment === 'SUBMITTED' || !inReview,
      decision: my.decision && my.assignment === 'SUBMITTED' ? { label: DECISION_LABELS[my.decision.decision], comments: my.decision.comments } : null,
      marks,
      stepSubmitted: my.submittedSectionIds.includes(stepId),
      sections,
      edit: viewEditState(my.markVersions[stepId] ?? '', marks.map((m) => ({ id: m.questionId, answer: saved.has(m.questionId) ? markValue(m) : null }))),
    };
  }

  const mayUnlock = !!stage && inReview && !!role && stageAdmins(stage).includes(role);
  const reviews: MarkingView['reviews'] = review.assignedReviewers.map((r) => {
    const declared = review.declarations.find((x) => x.reviewerId === r.reviewerId && x.stage === stage);
    return {
      reviewerId: r.reviewerId,
      name: `${r.firstName} ${r.lastName}`.trim(),
      type: reviewerTypeLabel(r.reviewerType),
      status: ASSIGNMENT_WORD[r.status],
      declaration: declared ? `No conflict of interest declared on ${dateText(declared.declaredAt)}` : r.status === 'SUBMITTED' ? null : 'Conflict of interest not declared yet',
      canUnlock: mayUnlock && r.status === 'SUBMITTED' && r.reviewerType === app.reviewerType,
    };
  });
  for (const d of review.declarations.filter((x) => x.conflict)) {
    reviews.push({
      reviewerId: d.reviewerId, name: `${d.firstName} ${d.lastName}`.trim(), type: `${STAGE_WORD[d.stage]} stage`, status: 'Withdrawn',
      declaration: `Conflict of interest declared on ${dateText(d.declaredAt)}: ${d.note ?? ''}`.trim(), canUnlock: false,
    });
  }
  const asked = url.searchParams.get(REVIEW_UNLOCK_PARAM);
  const unlockingRow = reviews.find((r) => r.reviewerId === asked && r.canUnlock);

  let consensus: MarkingView['consensus'] = null;
  const inConsensus = !!stage && app.status === stageReviewStatuses(stage)[2];
  if (inConsensus && sight === 'all') {
    const data = (await readUnlessForbidden(caller, consensusOf(api, app.applicationId))) ?? { questions: [] };
    const rows = data.questions.map((q) => ({
      questionId: q.questionId, systemNo: q.systemNo, text: q.text, mode: q.mode, max: q.max,
      reviews: q.reviews.map((r) => `${r.name}: ${markText(q.mode, q.max, r.passFail, r.score)}${r.comment ? ` (${r.comment})` : ''}`),
      computed: computedText(q.mode, q.majority, q.mean),
      disagreement: q.disagreement === true,
      value: q.consensus ? markText(q.mode, q.max, q.consensus.overridePassFail, q.consensus.overrideScore) : null,
      comments: q.consensus?.adminComments ?? null,
    }));
    const editable = role === 'State_Admin';
    const asked = editable ? data.questions.find((q) => q.questionId === url.searchParams.get(CONSENSUS_PARAM)) : undefined;
    const row = asked ? rows.find((r) => r.questionId === asked.questionId)! : null;
    consensus = {
      stage: STAGE_WORD[stage],
      editable,
      rows,
      open: asked && row ? {
        questionId: asked.questionId, systemNo: asked.systemNo, text: asked.text, mode: asked.mode, max: asked.max, computed: row.computed,
        passFail: asked.consensus?.overridePassFail ?? asked.majority, score: asked.consensus?.overrideScore ?? asked.mean, comments: asked.consensus?.adminComments ?? null,
      } : null,
    };
  }

  return {
    reviewsReadable: summary !== null,
    consensus,
    mine,
    reviews: sight === 'all' ? reviews : [],
    unlocking: unlockingRow ? { reviewerId: unlockingRow.reviewerId, name: unlockingRow.name } : null,
    summary: (summary?.stages ?? []).filter(stageHasReviews).map((s) => ({
      stage: STAGE_WORD[s.stage],
      text: summaryText(s),
      decisions: s.decisions.map((d) => ({ id: d.reviewerId, text: decisionText(d), comments: d.comments })),
    })),
  };
}

/** What a refused marking post hands back to the page: the intent, what was typed, the messages by field. */
export interface MarkingFailure {
  intent: string;
  values: Record<string, string>;
  errors: Record<string, string>;
  message: string;
  /** An autosave (JavaScript): the page keeps focus and shows the result in its live region. */
  auto?: boolean;
  /** A refused save of marks: the version and marks the form goes on from, and a conflict to settle (decision 099). */
  edit?: EditState;
  /** Refused as stale (409 EDIT_CONFLICT): an autosave hands over to Save, which shows the conflict panel. */
  stale?: boolean;
}
export interface AutoSaved {
  intent: typeof MARKING_INTENTS.save;
  auto: true;
  saved: number;
  /** The questions (system numbers) whose value was refused (a score out of range) and so not saved: the live region names them. */
  held: string[];
  /** The version and marks the form goes on from: its hidden fields carry them to the next save (decision 099). */
  version: string;
  base: Record<string, unknown>;
}

/** A mark as it is stored, and as the version and the merge see it (decision 099): the API's shape of it. */
export interface MarkValue {
  passFail: PassFail | null;
  score: number | null;
  comment: string | null;
}
const markValue = (m: { passFail?: PassFail | null; score?: number | null; comment?: string | null }): MarkValue => ({
  passFail: m.passFail ?? null, score: m.score ?? null, comment: m.comment?.trim() || null,
});

/** A mark's form fields (`mark.{questionId}`, `comment.{questionId}`) as the controls read them back. */
function markFields(values: Record<string, MarkValue | null>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [id, v] of Object.entries(values)) {
    fields[`mark.${id}`] = v?.passFail ?? (v?.score === null || v?.score === undefined || Number.isNaN(v.score) ? '' : String(v.score));
    fields[`comment.${id}`] = v?.comment ?? '';
  }
  return fields;
}

/** The conflict panel's words for marks: the question's number, the mark and comment as the read-only view writes them. */
function markWords(stage: Stage, questions: { id: string; systemNo: string }[]): ConflictWords {
  const byId = new Map(questions.map((q) => [q.id, q]));
  return {
    label: (id) => `Mark for question ${byId.get(id)?.systemNo ?? id}`,
    text: (id, value) => {
      const rule = markRule(stage, byId.get(id)?.systemNo ?? '');
      const v = (value ?? null) as MarkValue | null;
      const mark = rule ? markText(rule.mode, rule.max, v?.passFail ?? null, v?.score ?? null) : '';
      return v?.comment ? `${mark}. Comment: ${v.comment}` : mark;
    },
  };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  // The edit state (decision 099) travels in its own fields, not among what was typed.
  for (const [key, value] of form.entries()) if (typeof value === 'string' && key !== 'intent' && !key.startsWith('edit.')) values[key] = value;
  return values;
}

/** The step's marks as posted (`mark.{questionId}`: PASS/FAIL or a score as typed; `comment.{questionId}`), by question. */
function postedMarks(form: FormData, stage: Stage, questions: { id: string; systemNo: string }[]): Record<string, MarkValue> {
  const marks: Record<string, MarkValue> = {};
  for (const q of questions) {
    const rule = markRule(stage, q.systemNo);
    if (!rule) continue;
    const raw = text(form, `mark.${q.id}`);
    const passFail = rule.mode === 'PASS_FAIL' && (raw === 'PASS' || raw === 'FAIL') ? raw : null;
    marks[q.id] = markValue({ passFail, score: rule.mode === 'SCORE' ? parseScore(raw) : null, comment: text(form, `comment.${q.id}`) });
  }
  return marks;
}

/**
 * The marks to save, checked by the rules; an autosave leaves out the marks not acceptable yet (a Fail whose comment is
 * still being typed).
 */
function checkedMarks(values: Record<string, MarkValue | null>, stage: Stage, questions: { id: string; systemNo: string }[], auto: boolean) {
  const marks: MarkBody[] = [];
  const errors: Record<string, string> = {};
  const held: string[] = [];
  for (const q of questions) {
    const rule = markRule(stage, q.systemNo);
    if (!rule || !(q.id in values)) continue;
    const v = values[q.id];
    const mark: MarkBody = { questionId: q.id, comment: v?.comment ?? null };
    if (rule.mode === 'PASS_FAIL') mark.passFail = v?.passFail ?? null;
    else mark.score = v?.score ?? null;
    const problem = markProblem(rule, mark);
    if (problem) {
      // An autosave leaves the mark out: a comment may still be on its way (decision 038), but a value out of range is
      // complete and wrong, and the live region names its question rather than saying all is saved.
      if (!auto) errors[`${problem.field === 'value' ? 'mark' : 'comment'}.${q.id}`] = problem.message;
      else if (problem.field === 'value') held.push(q.systemNo);
      continue;
    }
    marks.push(mark);
  }
  return { marks, errors, held };
}

/** The marking intents of the review screen's action. `back`: the page without dialogs. */
export async function markingAction(api: ApiSession, caller: ApiCaller, form: FormData, intent: string, id: string, back: string, review: () => Promise<ReviewWithMarking>) {
  const auto = text(form, 'auto') === '1';
  let values = formValues(form);
  let edit: EditState | undefined;
  const fail = (errors: Record<string, string>, message: string, status = 400) =>
    data<MarkingFailure>({ intent, values, errors, message, auto, edit }, { status });
  // The marks of the step being saved, for a stale save's merge (decision 099).
  let saving: null | { stage: Stage; questions: { id: string; systemNo: string }[]; base: Record<string, unknown>; mine: Record<string, MarkValue | null> } = null;
  try {
    if (intent === MARKING_INTENTS.declare) {
      const choice = text(form, 'conflict');
      if (choice !== 'yes' && choice !== 'no') return fail({ conflict: MARK_MSG.declareFirst }, MARK_MSG.declareFirst);
      const note = text(form, 'note').trim();
      if (choice === 'yes' && !note) return fail({ note: MARK_MSG.conflictNoteRequired }, MARK_MSG.conflictNoteRequired);
      const res = await declareConflict(api, id, { conflict: choice === 'yes', note: note || null });
      // A declared conflict withdraws the assignment: the application is no longer the reviewer's to open.
      if (res.conflict) return redirectWithToast('/state/applications', caller.context, { type: 'success', title: res.message });
      return redirectWithToast(back, caller.context, { type: 'success', title: res.message });
    }
    if (intent === MARKING_INTENTS.save || intent === MARKING_INTENTS.submitSection) {
      const current = await review();
      const stage = current.application.stage;
      const sectionId = text(form, 'sectionId');
      const section = current.sections.find((s) => s.id === sectionId);
      if (!stage || !section) return redirect(back);
      // The version and marks the form started from, and a conflict's choices applied (decision 099).
      const posted = readPostedEdit(form);
      const chosen = applyChoices<MarkValue | null>(form, postedMarks(form, stage, section.questions), posted);
      values = { ...values, ...markFields(chosen.values) };
      edit = chosen.unchosen ?? chosen.state;
      if (chosen.unchosen) return fail({}, '', 409);
      const { marks, errors, held } = checkedMarks(chosen.values, stage, section.questions, auto);
      const first = Object.values(errors)[0];
      if (first) return fail(errors, first);
      saving = { stage, questions: section.questions, base: posted.base, mine: chosen.values };
      const res = await saveMarks(api, id, sectionId, marks, posted.version);
      if (auto) {
        // What is stored now: the base with the marks just sent (a mark sent empty is removed).
        const base = { ...posted.base, ...Object.fromEntries(marks.map((m) => [m.questionId, chosen.values[m.questionId] ?? null])) };
        return data<AutoSaved>({ intent: MARKING_INTENTS.save, auto: true, saved: marks.length, held, version: res.version, base });
      }
      if (intent === MARKING_INTENTS.save) return redirectWithToast(back, caller.context, { type: 'success', title: res.message });
      const submitted = await submitSection(api, id, sectionId);
      return redirectWithToast(back, caller.context, { type: 'success', title: submitted.message });
    }
    if (intent === MARKING_INTENTS.decision) {
      const chosen = text(form, 'decision');
      const decision = REVIEW_DECISIONS.find((d) => d === chosen);
      const comments = text(form, 'comments').trim();
      const errors: Record<string, string> = {};
      if (!decision) errors.decision = MARK_MSG.decisionRequired;
      if (!comments) errors.comments = MARK_MSG.commentsRequired;
      const first = Object.values(errors)[0];
      if (first || !decision) return fail(errors, first ?? MARK_MSG.decisionRequired);
      const res = await submitDecision(api, id, { decision, comments });
      return redirectWithToast(back, caller.context, { type: 'success', title: res.message });
    }
    if (intent === MARKING_INTENTS.unlock) {
      const reviewerId = text(form, 'reviewerId');
      const comment = text(form, 'comment').trim();
      if (!comment) return fail({ comment: MARK_MSG.unlockCommentRequired }, MARK_MSG.unlockCommentRequired);
      const res = await unlockReview(api, id, reviewerId, comment);
      return redirectWithToast(back, caller.context, { type: 'success', title: res.message });
    }
    if (intent === MARKING_INTENTS.consensus) {
      const current = await consensusOf(api, id);
      const row = current.questions.find((q) => q.questionId === text(form, 'questionId'));
      if (!row) return redirect(back);
      const raw = text(form, 'value');
      const input = {
        overridePassFail: row.mode === 'PASS_FAIL' && (raw === 'PASS' || raw === 'FAIL') ? raw : null,
        overrideScore: row.mode === 'SCORE' ? parseScore(raw) : null,
        adminComments: text(form, 'adminComments').trim() || null,
      } as { overridePassFail: PassFail | null; overrideScore: number | null; adminComments: string | null };
      const problem = consensusProblem({ systemNo: row.systemNo, mode: row.mode, max: row.max }, input, { mean: row.mean, majority: row.majority });
      if (problem) {
        const field = problem.field === 'adminComments' ? 'adminComments' : 'value';
        return fail({ [field]: problem.message }, problem.message);
      }
      const res = await setConsensus(api, id, row.questionId, input);
      return redirectWithToast(`${back}#${consensusRowId(row.systemNo)}`, caller.context, { type: 'success', title: res.message });
    }
  } catch (error) {
    const failure = await formFailure(error, caller, intent === MARKING_INTENTS.consensus ? CONSENSUS_MSG.failed : 'Something went wrong');
    if (failure.editConflict && saving) {
      // Saved meanwhile (the same reviewer in another tab): the refusal's marks are theirs; nothing typed is lost.
      const outcome = conflictOutcome({
        words: markWords(saving.stage, saving.questions), conflict: failure.editConflict,
        current: conflictEditState(failure.editConflict, Object.keys(saving.mine)), base: saving.base, mine: saving.mine,
      });
      return data<MarkingFailure>(
        { intent, values: { ...values, ...markFields(outcome.values) }, errors: {}, message: failure.message, auto, edit: outcome.state, stale: true },
        { status: 409 },
      );
    }
    return data<MarkingFailure>({ intent, values, errors: failure.fields, message: failure.message, auto, edit }, { status: failure.status });
  }
  return redirect(back);
}
