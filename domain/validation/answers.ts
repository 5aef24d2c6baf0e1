// Validating an answer by its question type, all answers of a section, and the percent-of-total warning.
import { type AnswerValue, type QuestionDef } from '../questions';
import { parseCurrency } from './amounts';
import { currencyError } from './currency-rule';
import { answersBySystemNoFrom, isEmptyAnswer, scalarText, type ValidateOptions } from './answers-common';
import { addressError, tableError } from './compound';
import { isCheckable, isEffectivelyMandatory } from './conditions';
import { validateDateString } from './dates';
import { fileError } from './files';
import { EMAIL_PATTERN, NAME_PATTERN, NOT_APPLICABLE, NUMBER_PATTERN, PERCENT_OF_TOTAL_THRESHOLD, UEI_SYSTEM_NO, URL_PATTERN } from './limits';
import { requiredMessage, VALIDATION_MSG } from './messages';

function textError(q: QuestionDef, raw: string, optional: boolean): string | null {
  const text = raw.trim();
  const meta = q.additionalMetadata ?? {};

  switch (q.responseType) {
    case 'Email':
      if (!EMAIL_PATTERN.test(text)) return VALIDATION_MSG.email;
      break;
    case 'Url':
      if (!URL_PATTERN.test(text)) return VALIDATION_MSG.url;
      break;
    case 'PhoneNumber':
      if (!/^\d{10}$/.test(text.replace(/^\+1/, '').replace(/[\s().-]/g, ''))) return VALIDATION_MSG.phone;
      break;
    case 'Number':
      if (!NUMBER_PATTERN.test(text)) return VALIDATION_MSG.number;
      break;
    case 'Currency': {
      const err = currencyError(text);
      if (err) return err;
      break;
    }
    default:
      break;
  }

  if (meta.nameType && !NAME_PATTERN.test(text)) return VALIDATION_MSG.name;

  const n = meta.validation_length;
  if (typeof n === 'number' && n > 0 && meta.condition) {
    const length = text.length;
    if (meta.condition === 'max' && length > n) return VALIDATION_MSG.maxLength(n, optional);
    if (meta.condition === 'min' && length < n) return VALIDATION_MSG.minLength(n, optional);
    if (meta.condition === 'exact' && length !== n) {
      return q.systemNo === UEI_SYSTEM_NO ? VALIDATION_MSG.ueiLength : VALIDATION_MSG.exactLength(n);
    }
  }

  if (typeof meta.numericMax === 'number') {
    const value = parseCurrency(text);
    if (value !== null && value > meta.numericMax) return VALIDATION_MSG.numericMax(meta.numericMax);
  }
  return null;
}

const optionNames = (q: QuestionDef): string[] | null =>
  q.additionalMetadata?.optionsFrom || !q.responseOptions ? null : q.responseOptions.map((o) => o.name);

function choiceError(q: QuestionDef, value: unknown): string | null {
  const text = scalarText(value);
  if (text === null) return VALIDATION_MSG.invalidValue;
  const names = optionNames(q);
  if (names && !names.includes(text.trim())) return VALIDATION_MSG.invalidOption;
  return null;
}

function checkboxError(q: QuestionDef, value: unknown): string | null {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) return VALIDATION_MSG.invalidValue;
  const chosen = value as string[];
  const names = optionNames(q);
  if (names && chosen.some((c) => !names.includes(c))) return VALIDATION_MSG.invalidOption;
  if (chosen.includes(NOT_APPLICABLE) && chosen.length > 1) return VALIDATION_MSG.notApplicableCombined;
  return null;
}

/**
 * The first error of one answer, or null. Hidden, Header and read-only questions are never
 * checked; an empty mandatory answer gives the required message; optional answers are checked
 * only when filled. `value` is typed loosely so the API can pass parsed JSON straight in.
 */
export function validateAnswer(q: QuestionDef, value: unknown, opts: ValidateOptions): string | null {
  const answers = opts.answersBySystemNo;
  if (!isCheckable(q, answers)) return null;
  const mandatory = isEffectivelyMandatory(q, answers);

  if (q.type === 'Address') {
    if (!mandatory && isEmptyAnswer(value)) return null;
    return addressError(value, mandatory, opts.context);
  }
  if (q.type === 'Table') {
    if (value === null || value === undefined) return mandatory ? requiredMessage(opts.context) : null;
    return tableError(q, value, mandatory, opts.context);
  }
  if (isEmptyAnswer(value)) return mandatory ? requiredMessage(opts.context) : null;

  switch (q.type) {
    case 'Text': {
      const text = scalarText(value);
      return text === null ? VALIDATION_MSG.invalidValue : textError(q, text, !mandatory);
    }
    case 'Date': {
      const text = scalarText(value);
      return text === null ? VALIDATION_MSG.invalidValue : validateDateString(text, { minDate: q.minDate, maxDate: q.maxDate, today: opts.today });
    }
    case 'Dropdown':
    case 'Radio':
      return choiceError(q, value);
    case 'Checkbox':
      return checkboxError(q, value);
    case 'File':
      return fileError(value);
    default:
      return null;
  }
}

/**
 * First error per question id for every visible question. Answers by system number are built
 * from `answersByQuestionId` on top of opts.answersBySystemNo (other sections' answers).
 */
export function validateAnswers(
  questions: readonly QuestionDef[],
  answersByQuestionId: Record<string, AnswerValue>,
  opts: Omit<ValidateOptions, 'answersBySystemNo'> & { answersBySystemNo?: Record<string, AnswerValue> },
): Record<string, string> {
  const answersBySystemNo = { ...opts.answersBySystemNo, ...answersBySystemNoFrom(questions, answersByQuestionId) };
  const errors: Record<string, string> = {};
  for (const q of questions) {
    const message = validateAnswer(q, answersByQuestionId[q.id] ?? null, { ...opts, answersBySystemNo });
    if (message) errors[q.id] = message;
  }
  return errors;
}

/**
 * metadata.percentOf (27 and 45 against 26): a warning when the amount is below 25% of the
 * referenced total. Only when both parse as numbers and the total is above 0.
 */
export function percentOfTotalWarning(q: QuestionDef, value: unknown, answersBySystemNo: Record<string, AnswerValue>): string | null {
  const ref = q.additionalMetadata?.percentOf;
  if (!ref) return null;
  const amount = parseCurrency(scalarText(value));
  const total = parseCurrency(scalarText(answersBySystemNo[ref]));
  if (amount === null || total === null || total <= 0) return null;
  return amount < total * PERCENT_OF_TOTAL_THRESHOLD ? VALIDATION_MSG.percentOfTotal(ref) : null;
}
