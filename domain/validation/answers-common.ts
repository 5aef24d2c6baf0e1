// What validation shares: its options, what counts as an empty answer, answers by system number.
import { type AnswerValue, type QuestionDef } from '../questions';

export type ValidationContext = 'application' | 'profile';

export interface ValidateOptions {
  /** 'application' → 'This field is required'; 'profile' (entity profile save) → with a period. */
  context: ValidationContext;
  /** Answers keyed by system number, across all sections (visibility, 22 → 23, 26 for 27/45). */
  answersBySystemNo: Record<string, AnswerValue>;
  /** Reference day for relative date bounds such as '+4y'; defaults to now (New York calendar day). */
  today?: Date;
}

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const isBlankCell = (v: unknown): boolean => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** A scalar answer as text (numbers accepted, e.g. from JSON); null for other shapes. */
export function scalarText(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}

/**
 * Whether an answer counts as empty. 0 and '0' are not empty. A table is empty with no rows or
 * only blank rows; an address when every part but the country is blank; a file without a document id.
 */
export function isEmptyAnswer(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return Number.isNaN(value);
  if (Array.isArray(value)) {
    return value.every((item) => (isRecord(item) ? Object.values(item).every(isBlankCell) : isBlankCell(item)));
  }
  if (isRecord(value)) {
    if ('documentId' in value) return isBlankCell(value.documentId);
    return Object.entries(value).every(([key, part]) => key === 'country' || isBlankCell(part));
  }
  return false;
}

/** Answers keyed by system number from answers keyed by question id. */
export function answersBySystemNoFrom(
  questions: readonly QuestionDef[],
  answersByQuestionId: Record<string, AnswerValue>,
): Record<string, AnswerValue> {
  const out: Record<string, AnswerValue> = {};
  for (const q of questions) {
    if (Object.prototype.hasOwnProperty.call(answersByQuestionId, q.id)) out[q.systemNo] = answersByQuestionId[q.id] ?? null;
  }
  return out;
}
