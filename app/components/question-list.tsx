// The questions of a section, in order, with live visibility of conditional questions (with JS) and
// the first error focused after a failed save.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useRouteLoaderData } from '@remix-run/react';
import type { ToastData } from './toaster';
import type { AnswerValue } from '../../domain/questions';
import { APPLICATION_MSG } from '../../domain/messages';
// Not the validation index: the answer checks stay out of the first load (live-check.ts).
import { answersBySystemNoFrom, type ValidationContext } from '../../domain/validation/answers-common';
import { isEffectivelyMandatory, isQuestionVisible } from '../../domain/validation/conditions';
import { liveAnswerError } from '../utils/live-check';
import { QuestionField, type FormQuestion } from './question-field';
import type { UploadSettings } from './file-question';

export interface ListQuestion extends FormQuestion {
  answer: AnswerValue;
  visible: boolean;
  mandatory: boolean;
}

export function QuestionList({
  questions,
  values: given,
  errors,
  disabled,
  onDirty,
  warnings = {},
  optionsFor,
  filled,
  context = 'application',
  uploads,
  focusErrors = true,
}: {
  /**
   * New errors move focus to their summary or first field (a Save's answer); false for errors an autosave found, which
   * are shown beside their fields without taking the person away from the one they are typing in.
   */
  focusErrors?: boolean;
  /** Where File questions upload to (the application form only). */
  uploads?: UploadSettings;
  /** Which rules apply (spec 5: the entity profile has its own wording). */
  context?: ValidationContext;
  questions: ListQuestion[];
  values: Record<string, AnswerValue>;
  errors: Record<string, string>;
  disabled: boolean;
  onDirty?: () => void;
  warnings?: Record<string, string>;
  /** Options the server supplies for a question (project areas for 21). */
  optionsFor?: (q: ListQuestion) => string[] | undefined;
  /** The answer of a question the server fills from another (22 from 21), refreshed as that one changes. */
  filled?: (q: ListQuestion, answersBySystemNo: Record<string, AnswerValue>) => AnswerValue | undefined;
}) {
  // A read-only answer (179, 24) is the server's, never the form's: the browser does not post it, so a refused save's
  // answers lack it; it is always shown as stored.
  const values = useMemo(() => withStoredReadOnly(questions, given), [questions, given]);
  const [current, setCurrent] = useState(values);
  // With JavaScript, an answer the user changes is checked as they type with the same rules the server uses.
  const [live, setLive] = useState<Record<string, string | null>>({});
  // New answers from the server (a save's reply, another step) reset the live state; the first render's are the
  // state already, and resetting then would render every question a second time right after hydration (a long
  // task on a phone, Lighthouse's total blocking time).
  const shown = useRef(values);
  useEffect(() => {
    if (shown.current === values) return;
    shown.current = values;
    setCurrent(values);
    setLive({});
  }, [values]);
  // Answers by system number as they stand, with the filled ones (22) following what they are filled from (21): the
  // conditions and the mandatory rule (23 when 22 counts unserved or underserved locations) see them at once.
  const { bySystemNo, derived } = useMemo(() => {
    const answers = answersBySystemNoFrom(questions, current);
    const derived: Record<string, AnswerValue> = {};
    for (const q of questions) {
      const value = filled?.(q, answers);
      if (value === undefined) continue;
      derived[q.id] = value;
      answers[q.systemNo] = value;
    }
    return { bySystemNo: answers, derived };
  }, [questions, current, filled]);
  useEffect(() => {
    // After a refused save or submit its summary (the first in the page) is scrolled into view and focused; when
    // there is none (answers loaded with errors), the first answer with an error.
    if (!focusErrors) return;
    const summary = document.querySelector<HTMLElement>('[data-error-summary]');
    if (summary) {
      summary.scrollIntoView({ block: 'start' });
      summary.focus({ preventScroll: true });
      return;
    }
    const first = document.querySelector<HTMLElement>('[data-invalid="true"] input:not([type="hidden"]), [data-invalid="true"] select, [data-invalid="true"] textarea');
    if (first) {
      first.scrollIntoView({ block: 'center' });
      first.focus({ preventScroll: true });
    }
  }, [errors]); // `errors` changes identity only when a save returns
  return (
    <div>
      {questions.map((q) => (
        <QuestionField
          // A filled answer that changes is a new field (its inputs are uncontrolled).
          key={q.id in derived ? `${q.id}:${JSON.stringify(derived[q.id])}` : q.id}
          question={q}
          value={q.id in derived ? derived[q.id] : values[q.id]}
          error={q.id in live ? live[q.id] : errors[q.id]}
          warning={warnings[q.id]}
          options={optionsFor?.(q)}
          uploads={uploads}
          // A hidden question's answer is not sent (its controls are disabled); the server clears it too.
          disabled={disabled || q.readOnly || !isQuestionVisible(q, bySystemNo)}
          mandatory={q.mandatory || (q.id in derived ? false : isEffectivelyMandatory(q, bySystemNo))}
          hidden={!isQuestionVisible(q, bySystemNo)}
          onValueChange={(id, value) => {
            const next = { ...current, [id]: value };
            setCurrent(next);
            // The server's rules, loaded on the first change (live-check.ts); an emptied answer waits for the save.
            void liveAnswerError(q, value, { context, answersBySystemNo: answersBySystemNoFrom(questions, next) }).then((error) =>
              setLive((prev) => ({ ...prev, [id]: error })),
            );
            onDirty?.();
          }}
        />
      ))}
    </div>
  );
}

/** The answers to show: those given, with each read-only question's stored answer in place of whatever was given for it. */
function withStoredReadOnly(questions: readonly ListQuestion[], values: Record<string, AnswerValue>): Record<string, AnswerValue> {
  const stored = questions.filter((q) => q.readOnly && q.type !== 'Header');
  if (stored.every((q) => values[q.id] === q.answer)) return values;
  return { ...values, ...Object.fromEntries(stored.map((q) => [q.id, q.answer])) };
}

/** Links to every answer that needs attention, for a screen reader or a long form. */
export function ErrorSummary({ questions, errors }: { questions: ListQuestion[]; errors: Record<string, string> }) {
  const entries = questions.filter((q) => errors[q.id]);
  if (!entries.length) return null;
  return (
    <div role="alert" id="error-summary" tabIndex={-1} data-error-summary="" className="ui-error-box" data-testid="error-summary">
      <p>{APPLICATION_MSG.correctAnswers}</p>
      <ul>
        {entries.map((q) => (
          <li key={q.id}>
            <a
              href={`#q-${q.id}`}
              // With JavaScript: focus the answer without a navigation (one would drop the refused save's result).
              onClick={(e) => {
                const target = document.getElementById(`q-${q.id}`);
                if (!target) return;
                e.preventDefault();
                target.scrollIntoView({ block: 'center' });
                target.focus({ preventScroll: true });
              }}
            >
              {q.systemNo}. {q.text}: {errors[q.id]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The form's main action as its first submit button (issue 9 item 19): Enter in a field submits with the first
 * submit button in the form, which would otherwise be a table's "Add row" or a "Remove file". Out of sight and out
 * of the tab order (the visible Save follows the questions); a text browser shows it as the form's first button.
 */
export function DefaultSubmit({ label = 'Save' }: { label?: string }) {
  return (
    <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true">
      {label}
    </button>
  );
}

/**
 * The message a save redirected with ("Section saved successfully"), where it is read first: at the top of the
 * page loaded with it (without JavaScript every save is such a load). The page declares handle.inlineToast, so
 * the toaster leaves that message out; a save made with JavaScript later shows as the toast.
 */
export function InlineStatus() {
  const toast = useRouteLoaderData<{ toast: ToastData | null }>('root')?.toast ?? null;
  const [loadedWith] = useState(toast);
  if (!loadedWith || toast !== loadedWith) return null;
  return (
    <div role="status" className="ui-alert" data-tone="info" data-testid="toast" data-type={loadedWith.type}>
      {loadedWith.title}
      {loadedWith.description ? ` ${loadedWith.description}` : ''}
    </div>
  );
}
