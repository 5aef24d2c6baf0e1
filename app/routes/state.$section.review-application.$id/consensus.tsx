// Review rubric 4 on the review screen (decision 038): in the stage's IN_STATE_CONSENSUS status the admins see each
// question's submitted marks and comments side by side, the mean (2 decimals) or the pass/fail majority (a tie is
// Fail), a disagreement flag and the consensus value; the State_Admin sets a value through a URL-state dialog
// (?consensus=questionId) with comments required when it differs from the mean or majority.
import { useEffect } from 'react';
import { Link, useActionData, useLocation } from '@remix-run/react';
import { Form } from '../../components/form';
import { DialogActions, UrlDialog } from '../../components/url-dialog';
import { ErrorList, FormAlert, NoChoice, NOT_CHOSEN } from '../../components/forms';
import { TextArea } from '../../components/text-input';
import { withParams } from '../../utils/url-state';
import { CONSENSUS_PARAM, consensusRowId, MARKING_INTENTS } from './marking-intents';
import type { MarkingFailure, MarkingView } from './marking.server';

type Consensus = NonNullable<MarkingView['consensus']>;

export function ConsensusPanel({ consensus }: { consensus: Consensus }) {
  const location = useLocation();
  // With script, a saved value's redirect (to its row's fragment) is a client navigation: focus the row as the
  // browser does by itself without script.
  useEffect(() => {
    const row = location.hash.startsWith('#consensus-q') ? document.getElementById(location.hash.slice(1)) : null;
    row?.focus();
  }, [location.key, location.hash]);
  return (
    <section className="ui-panel" aria-labelledby="consensus-title" data-testid="consensus-panel">
      <h2 id="consensus-title" className="ui-panel-title">
        {consensus.stage} consensus
      </h2>
      <p className="ui-panel-intro">Each question with every submitted review, the reviewers&apos; mean or majority, and the consensus value.</p>
      <section className="q-table-region" aria-label={`${consensus.stage} consensus table`} tabIndex={0}>
        <table className="q-table">
          <thead>
            <tr>
              <th scope="col">Question</th>
              <th scope="col">Reviews</th>
              <th scope="col">Mean or majority</th>
              <th scope="col">Disagreement</th>
              <th scope="col">Consensus</th>
              {consensus.editable ? <th scope="col">Action</th> : null}
            </tr>
          </thead>
          <tbody>
            {consensus.rows.map((r) => (
              <tr key={r.questionId} data-testid={`consensus-${r.systemNo}`}>
                <th scope="row" id={consensusRowId(r.systemNo)} tabIndex={-1}>
                  {r.systemNo}. {r.text}
                </th>
                <td>{r.reviews.length ? r.reviews.join('; ') : 'No submitted review'}</td>
                <td>{r.computed}</td>
                <td>{r.disagreement ? 'Yes' : 'No'}</td>
                <td>{r.value ? `${r.value}${r.comments ? ` (${r.comments})` : ''}` : 'Not set'}</td>
                {consensus.editable ? (
                  <td>
                    <Link to={`${withParams(location.search, { [CONSENSUS_PARAM]: r.questionId, action: null })}#consensus-dialog`} preventScrollReset className="ui-link">
                      Set consensus<span className="visually-hidden"> of question {r.systemNo}</span>
                    </Link>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}

export function ConsensusDialog({ open }: { open: NonNullable<Consensus['open']> }) {
  const location = useLocation();
  const result = useActionData() as MarkingFailure | undefined;
  const failed = result?.intent === MARKING_INTENTS.consensus && 'errors' in result ? result : null;
  const errors = failed?.errors ?? {};
  const values = failed?.values;
  const closeTo = withParams(location.search, { [CONSENSUS_PARAM]: null });
  const message = failed && !Object.values(errors).includes(failed.message) ? failed.message : null;
  const current = values?.value ?? (open.mode === 'PASS_FAIL' ? (open.passFail ?? '') : open.score === null ? '' : String(open.score));
  return (
    <UrlDialog id="consensus-dialog" title={`Consensus of question ${open.systemNo}`} closeTo={closeTo}>
      <FormAlert id="consensus-error" message={message} />
      <Form method="post" action={`${location.pathname}${location.search}`} noValidate preventScrollReset>
        <input type="hidden" name="intent" value={MARKING_INTENTS.consensus} />
        <input type="hidden" name="questionId" value={open.questionId} />
        <p className="ui-lead">
          {open.systemNo}. {open.text} ({open.computed})
        </p>
        {open.mode === 'PASS_FAIL' ? (
          <fieldset className="ui-filter-group" aria-describedby={errors.value ? 'consensus-value-error' : undefined}>
            <legend>Consensus</legend>
            {(['PASS', 'FAIL'] as const).map((v) => (
              <label key={v}>
                <input type="radio" name="value" value={v} defaultChecked={current === v} />
                <span>{v === 'PASS' ? 'Pass' : 'Fail'}</span>
              </label>
            ))}
            <NoChoice name="value" label={NOT_CHOSEN} checked={current !== 'PASS' && current !== 'FAIL'} />
            <ErrorList id="consensus-value-error" errors={errors.value ? [errors.value] : null} />
          </fieldset>
        ) : (
          <div className="ui-field">
            <label htmlFor="consensus-value" className="ui-label">
              Consensus score (0 to {open.max}, whole or half points)
            </label>
            <input
              id="consensus-value" name="value" type="number" min={0} max={open.max ?? undefined} step={0.5} inputMode="decimal" className="ui-input"
              defaultValue={current} aria-invalid={errors.value ? true : undefined} aria-describedby={errors.value ? 'consensus-value-error' : undefined}
            />
            <ErrorList id="consensus-value-error" errors={errors.value ? [errors.value] : null} />
          </div>
        )}
        <div className="ui-field">
          <label htmlFor="consensus-comments" className="ui-label">
            Comments (required when the consensus differs from the reviewers)
          </label>
          <TextArea
            id="consensus-comments" name="adminComments" rows={3} defaultValue={values?.adminComments ?? open.comments ?? ''}
            aria-invalid={errors.adminComments ? true : undefined} aria-describedby={errors.adminComments ? 'consensus-comments-error' : undefined}
          />
          <ErrorList id="consensus-comments-error" errors={errors.adminComments ? [errors.adminComments] : null} />
        </div>
        <DialogActions closeTo={closeTo} submit="Save" />
      </Form>
    </UrlDialog>
  );
}
