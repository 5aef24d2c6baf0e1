// The answers of one section, read-only, as the reviewer reads them: each visible question with its dotted number
// (indented 20px per level, spec 2), its answer as text, a table, or a link that opens the file (a short-lived
// signed link, new tab). Plain elements with the question form's build-time classes (q-*): no inputs to skip past,
// nothing a screen reader announces as disabled.
import type { ReactNode } from 'react';
import type { AnswerView } from './types';

const NO_ANSWER = 'No answer';

function Answer({ q }: { q: AnswerView }) {
  switch (q.kind) {
    case 'header':
      return null;
    case 'file':
      return (
        <p className="q-file">
          <a href={q.href} target="_blank" rel="noopener noreferrer">
            {q.fileName}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      );
    case 'table':
      if (q.rows.length === 0) return <p className="q-hint">{NO_ANSWER}</p>;
      return (
        <section className="q-table-region" aria-labelledby={`q-${q.id}`} tabIndex={0}>
          <table className="q-table">
            <thead>
              <tr>
                {q.columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {q.rows.map((row, i) => (
                <tr key={i}>
                  {row.map((cell, j) => (
                    <td key={j}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
            {q.totals ? (
              <tfoot>
                <tr>
                  {q.totals.map((cell, j) => (j === 0 ? <th key={j} scope="row">{cell}</th> : <td key={j}>{cell}</td>))}
                </tr>
              </tfoot>
            ) : null}
          </table>
        </section>
      );
    case 'text':
      return q.answer === null ? <p className="q-hint">{NO_ANSWER}</p> : <p className="q-answer">{q.answer}</p>;
  }
}

/** `after`: what follows a question's answer (a reviewer's mark control, decision 038). */
export function ReadOnlyAnswers({ questions, after }: { questions: AnswerView[]; after?: (q: AnswerView) => ReactNode }) {
  return (
    <div data-testid="review-answers">
      {questions.map((q) =>
        q.kind === 'header' ? (
          <div key={q.id} className="q-header" data-level={q.level ?? undefined} data-question={q.systemNo}>
            <h3>
              {q.systemNo}. {q.text}
            </h3>
          </div>
        ) : (
          <div key={q.id} className="q-field" data-level={q.level ?? undefined} data-question={q.systemNo}>
            <p className="q-label" id={`q-${q.id}`}>
              {q.systemNo}. {q.text}
            </p>
            <Answer q={q} />
            {after?.(q)}
          </div>
        ),
      )}
    </div>
  );
}
