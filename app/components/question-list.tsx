// The questions of a section, in order, with live visibility of conditional questions (with JS) and
// the first error focused after a failed save.
import { useEffect, useMemo, useState } from 'react';
import { Box, Text } from '@chakra-ui/react';
import type { AnswerValue } from '../../domain/questions';
import { APPLICATION_MSG } from '../../domain/messages';
import { answersBySystemNoFrom, isQuestionVisible, type ValidationContext } from '../../domain/validation';
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
  values,
  errors,
  disabled,
  onDirty,
  warnings = {},
  optionsFor,
  context = 'application',
  uploads,
}: {
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
}) {
  const [current, setCurrent] = useState(values);
  // With JavaScript, an answer the user changes is checked as they type with the same rules the server uses.
  const [live, setLive] = useState<Record<string, string | null>>({});
  useEffect(() => {
    setCurrent(values);
    setLive({});
  }, [values]);
  const bySystemNo = useMemo(() => answersBySystemNoFrom(questions, current), [questions, current]);
  useEffect(() => {
    // After a failed save the first answer with an error is scrolled into view and focused.
    const first = document.querySelector<HTMLElement>('[data-invalid="true"] input:not([type="hidden"]), [data-invalid="true"] select, [data-invalid="true"] textarea');
    if (first) {
      first.scrollIntoView({ block: 'center' });
      first.focus({ preventScroll: true });
    }
  }, [errors]); // `errors` changes identity only when a save returns
  return (
    <Box>
      {questions.map((q) => (
        <QuestionField
          key={q.id}
          question={q}
          value={values[q.id]}
          error={q.id in live ? live[q.id] : errors[q.id]}
          warning={warnings[q.id]}
          options={optionsFor?.(q)}
          uploads={uploads}
          disabled={disabled || q.readOnly}
          mandatory={q.mandatory}
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
    </Box>
  );
}

/** Links to every answer that needs attention, for a screen reader or a long form. */
export function ErrorSummary({ questions, errors }: { questions: ListQuestion[]; errors: Record<string, string> }) {
  const entries = questions.filter((q) => errors[q.id]);
  if (!entries.length) return null;
  return (
    <Box role="alert" borderWidth="1px" borderColor="border.error" bg="bg.error" p={4} borderRadius="md" mb={6} data-testid="error-summary">
      <Text fontWeight="semibold" color="fg.error" mb={2}>
        {APPLICATION_MSG.correctAnswers}
      </Text>
      <Box as="ul" pl={5}>
        {entries.map((q) => (
          <li key={q.id}>
            <a href={`#q-${q.id}`} style={{ textDecoration: 'underline' }}>
              {q.systemNo}. {q.text}: {errors[q.id]}
            </a>
          </li>
        ))}
      </Box>
    </Box>
  );
}
