// Conditional questions and mandatory rules (spec 4 "Conditional questions", "Save enablement").
import { type AnswerValue, type QuestionDef } from '../questions';
import { parseCurrency } from './amounts';
import { answersBySystemNoFrom, isEmptyAnswer, isRecord, scalarText } from './answers-common';

/**
 * Spec 4 "Conditional questions". No dependency → visible. '>N' / '<N' compare the dependent
 * answer as a number (an empty answer counts as -1; a non-number never matches). Otherwise the
 * answer must equal the value (a checkbox answer must include it). A dependency without a
 * required value shows once the dependent question has any answer.
 */
export function isQuestionVisible(q: QuestionDef, answersBySystemNo: Record<string, AnswerValue>): boolean {
  if (!q.dependentSystemNo) return true;
  const answer: unknown = answersBySystemNo[q.dependentSystemNo];
  const required = (q.dependentResponseValue ?? '').trim();
  if (required === '') return !isEmptyAnswer(answer);

  const op = required[0];
  if (op === '>' || op === '<') {
    const bound = Number(required.slice(1).trim());
    if (!Number.isFinite(bound)) return false;
    const n = isEmptyAnswer(answer) ? -1 : parseCurrency(scalarText(answer));
    if (n === null) return false;
    return op === '>' ? n > bound : n < bound;
  }
  if (Array.isArray(answer)) return answer.some((a) => typeof a === 'string' && a.trim() === required);
  const text = scalarText(answer);
  return text !== null && text.trim() === required;
}

/** Questions depending on `systemNo`, directly or through others (breadth first, no repeats). */
export function dependentsOf(systemNo: string, questions: readonly QuestionDef[]): QuestionDef[] {
  const found: QuestionDef[] = [];
  const seen = new Set<string>([systemNo]);
  const queue = [systemNo];
  while (queue.length > 0) {
    const current = queue.shift()!;
    for (const q of questions) {
      if (q.dependentSystemNo === current && !seen.has(q.systemNo)) {
        seen.add(q.systemNo);
        found.push(q);
        queue.push(q.systemNo);
      }
    }
  }
  return found;
}

/** Answers with every (transitive) dependent of `systemNo` cleared to null. */
export function clearDependentAnswers(
  systemNo: string,
  questions: readonly QuestionDef[],
  answersByQuestionId: Record<string, AnswerValue>,
): Record<string, AnswerValue> {
  const next = { ...answersByQuestionId };
  for (const q of dependentsOf(systemNo, questions)) next[q.id] = null;
  return next;
}

/**
 * Mandatory, or metadata.mandatoryWhenPositive names a table (22) whose first row has
 * 'unserved' or 'underserved' above 0.
 */
export function isEffectivelyMandatory(q: QuestionDef, answersBySystemNo: Record<string, AnswerValue>): boolean {
  if (q.mandatory) return true;
  const ref = q.additionalMetadata?.mandatoryWhenPositive;
  if (!ref) return false;
  const rows: unknown = answersBySystemNo[ref];
  if (!Array.isArray(rows)) return false;
  const first: unknown = rows[0];
  if (!isRecord(first)) return false;
  return ['unserved', 'underserved'].some((key) => (parseCurrency(scalarText(first[key])) ?? 0) > 0);
}

/** Whether the question takes part in validation at all (visible, not a header, not read-only). */
export function isCheckable(q: QuestionDef, answersBySystemNo: Record<string, AnswerValue>): boolean {
  return q.type !== 'Header' && !q.readOnly && isQuestionVisible(q, answersBySystemNo);
}

/** Spec 4 "Save enablement": every visible, effectively mandatory, editable question is answered. */
export function mandatoryFieldsFilled(
  questions: readonly QuestionDef[],
  answersByQuestionId: Record<string, AnswerValue>,
  answersBySystemNo: Record<string, AnswerValue> = {},
): boolean {
  const bySystemNo = { ...answersBySystemNo, ...answersBySystemNoFrom(questions, answersByQuestionId) };
  return questions.every(
    (q) => !isCheckable(q, bySystemNo) || !isEffectivelyMandatory(q, bySystemNo) || !isEmptyAnswer(answersByQuestionId[q.id]),
  );
}

/** The input's maxLength from metadata when the condition is exact or max (spec 5 Text input). */
export function inputMaxLength(q: QuestionDef): number | undefined {
  const meta = q.additionalMetadata;
  if (!meta || (meta.condition !== 'exact' && meta.condition !== 'max')) return undefined;
  return typeof meta.validation_length === 'number' && meta.validation_length > 0 ? meta.validation_length : undefined;
}
