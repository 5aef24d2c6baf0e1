// The answer checks of the question form, loaded when first needed (issue 8, first-load budget; decision 021).
// With JavaScript an answer is checked as it is typed with the same rules the server runs on every save
// (domain/validation). The pages with question forms now carry those rules in their shared file (app/chunks/answers.ts,
// decision 102: one file of about 4 KB gzipped instead of six small ones), so on them this import finds the rules
// already loaded; it stays lazy so that a page without that shared file never fetches them before it needs them.
import type { AnswerValue, QuestionDef } from '../../domain/questions';
import { isEmptyAnswer, type ValidateOptions } from '../../domain/validation/answers-common';

type Checks = typeof import('./answer-checks');
let checks: Promise<Checks> | null = null;

/** Starts loading the checks (once); later calls get the same promise. */
export function loadAnswerChecks(): Promise<Checks> {
  checks ??= import('./answer-checks').catch((error: unknown) => {
    checks = null; // a failed fetch (offline for a moment) is tried again on the next change
    throw error;
  });
  return checks;
}

/**
 * The error of an answer being typed, by the server's rules, or null. An emptied answer gives none: required
 * answers are reported on save, not while a field is being emptied to retype it. If the checks cannot be
 * fetched, nothing is shown (the save checks anyway).
 */
export async function liveAnswerError(q: QuestionDef, value: AnswerValue, opts: ValidateOptions): Promise<string | null> {
  if (isEmptyAnswer(value)) return null;
  try {
    const { validateAnswer } = await loadAnswerChecks();
    return validateAnswer(q, value, opts);
  } catch {
    return null;
  }
}
