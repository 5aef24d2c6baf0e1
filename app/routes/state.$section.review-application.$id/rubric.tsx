// The Score Preview of the review screen (review rubric 5, issue 12 item 6; decision 042): a URL-state dialog
// (?rubric=preview, components/url-dialog.tsx) with the whole BEAD rubric sheet — each criterion, its max, the server's
// suggestion with the figures it came from, the saved value, and the total. The State_Admin edits it as a plain form
// (number inputs 0..max, two decimals; "Use suggestion" per criterion or for all); the other readers see it read-only.
import { Link, useActionData, useLocation } from '@remix-run/react';
import { Form } from '../../components/form';
import { UrlDialog } from '../../components/url-dialog';
import { ErrorList, FormAlert } from '../../components/forms';
import { withParams } from '../../utils/url-state';
import { RUBRIC_INTENT, RUBRIC_OPEN, RUBRIC_PARAM, USE_SUGGESTION } from './rubric-intents';
import type { RubricFailure, RubricView } from './rubric.server';
import { EditConflictPanel, EditStateFields } from '../../components/edit-conflict-panel';

/** The action menu's entry (spec 2: "Score Preview"). */
export function ScorePreviewLink({ search }: { search: string }) {
  return (
    <Link to={`${withParams(search, { [RUBRIC_PARAM]: RUBRIC_OPEN, action: null, unlock: null })}#score-preview`} preventScrollReset className="ui-btn-outline-sm" data-action="score-preview">
      Score Preview
    </Link>
  );
}

type Sheet = NonNullable<RubricView['open']>;

export function ScorePreviewDialog({ sheet, editable }: { sheet: Sheet; editable: boolean }) {
  const location = useLocation();
  const result = useActionData() as RubricFailure | { intent?: undefined } | undefined;
  const failed = result?.intent === RUBRIC_INTENT ? (result as RubricFailure) : null;
  const errors = failed?.errors ?? {};
  const closeTo = withParams(location.search, { [RUBRIC_PARAM]: null });
  // The version and scores the form's scores belong to, and a conflict to settle (decision 099).
  const edit = failed?.edit?.version ? failed.edit : sheet.edit;
  // The panel says it all for a stale save.
  const message = failed && !edit.panel && !Object.values(errors).includes(failed.message) ? failed.message : null;
  const anySuggestion = sheet.criteria.some((c) => c.suggestion !== null);

  const rows = sheet.criteria.map((c) => {
    const error = errors[c.field];
    const hintId = `rubric-${c.field}-hint`;
    const errorId = `rubric-${c.field}-error`;
    const suggestion = c.suggestion === null ? c.basis : `Suggested ${c.suggestion}: ${c.basis}.`;
    return (
      <div key={c.field} className="ui-field" data-testid={`rubric-${c.field}`}>
        {editable ? (
          <label htmlFor={`rubric-${c.field}`} className="ui-label">
            {c.label} (0 to {c.max})
          </label>
        ) : (
          <h3 className="ui-label">
            {c.label} (0 to {c.max})
          </h3>
        )}
        <p id={hintId} className="ui-hint">
          {suggestion} Saved: {c.saved ?? 'not scored'}.
        </p>
        {editable ? (
          <>
            <input
              id={`rubric-${c.field}`} name={c.field} type="number" min={0} max={c.max} step={0.01} inputMode="decimal" className="ui-input"
              defaultValue={failed?.values[c.field] ?? c.saved ?? ''}
              aria-invalid={error ? true : undefined} aria-describedby={error ? `${errorId} ${hintId}` : hintId}
            />
            <ErrorList id={errorId} errors={error ? [error] : null} />
            {c.suggestion !== null ? (
              <button type="submit" name={USE_SUGGESTION} value={c.field} className="ui-btn-outline-sm">
                Use suggestion<span className="visually-hidden"> for {c.label}</span>
              </button>
            ) : null}
          </>
        ) : null}
      </div>
    );
  });

  return (
    <UrlDialog id="score-preview" title="Score Preview" closeTo={closeTo} placement="right">
      <FormAlert id="rubric-error" message={message} />
      <p className="ui-lead" data-testid="rubric-total">
        Total: {sheet.scored ? `${sheet.total} of ${sheet.maxTotal}` : `not scored (of ${sheet.maxTotal})`}. Suggested total: {sheet.suggestedTotal}.
        {sheet.lastModified ? ` Last saved by ${sheet.lastModified}.` : ''}
      </p>
      {editable ? (
        <Form
          // A stale save's answer is a new form: its scores are the merged ones.
          key={edit.panel ? `conflict-${edit.version}` : 'scores'}
          method="post" action={`${location.pathname}${location.search}`} noValidate preventScrollReset
        >
          <input type="hidden" name="intent" value={RUBRIC_INTENT} />
          <EditStateFields {...edit} />
          {/* Enter in a score saves (the form's default button is its first submit button, not a "Use suggestion"). */}
          <button type="submit" hidden tabIndex={-1}>
            Save scores
          </button>
          <EditConflictPanel panel={edit.panel} />
          {rows}
          <div className="ui-dialog-actions">
            <Link to={closeTo} preventScrollReset className="ui-btn-outline">
              Cancel
            </Link>
            {anySuggestion ? (
              <button type="submit" name={USE_SUGGESTION} value="all" className="ui-btn-outline">
                Use all suggestions
              </button>
            ) : null}
            <button type="submit" className="ui-btn">
              Save scores
            </button>
          </div>
        </Form>
      ) : (
        <>
          {rows}
          <div className="ui-dialog-actions">
            <Link to={closeTo} preventScrollReset className="ui-btn-outline">
              Close
            </Link>
          </div>
        </>
      )}
    </UrlDialog>
  );
}
