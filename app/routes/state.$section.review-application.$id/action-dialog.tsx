// The confirmation of one workflow action (decision 004: its open state is ?action= in the URL, so without
// JavaScript it is a panel the page renders and the browser jumps to; with it, a dialog that keeps focus and closes
// on Escape). It asks for what the action needs (domain/workflow.ts): comments (required or optional), a reject
// reason of the nine, the sections to reopen, the status to assign; Assign Reviewer lists the stage's reviewers as
// checkboxes with their open reviews. A refusal comes back here with its message and what was typed.
import { useActionData, useLocation, useNavigation } from '@remix-run/react';
import { Form } from '../../components/form';
import { DialogActions, UrlDialog } from '../../components/url-dialog';
import { FormAlert } from '../../components/forms';
import { MoveFields, confirmLabel, type MoveChoices } from '../../components/move-fields';
import { withParams } from '../../utils/url-state';
import { useHydrated } from '../../utils/use-hydrated';
import type { ActionView, ReviewActionResult } from './types';
import { MoveGuardNote } from './move-guards';

export type ActionChoices = MoveChoices;

export function ActionDialog({ applicationId, status, stage, action, choices, note }: {
  applicationId: string;
  /** The current status and stage, as the header shows them. */
  status: string;
  stage: string | null;
  action: ActionView;
  choices: ActionChoices;
  /** Why the move would be refused now (a consensus guard, decision 041), shown before confirming. */
  note?: string | null;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const result = useActionData() as ReviewActionResult | undefined;
  const failed = result?.actionId === action.id ? result : null;
  const errors = failed?.errors ?? {};
  const values = failed?.values;
  const closeTo = withParams(location.search, { action: null });
  const busy = hydrated && navigation.state === 'submitting';
  // The form-level message, unless a field already says it.
  const message = failed && !Object.values(errors).includes(failed.message) ? failed.message : null;
  const assigning = action.id === 'assign-reviewers';

  return (
    <UrlDialog id="review-action" title={action.label} closeTo={closeTo}>
      <FormAlert id="review-action-error" message={message} />
      {message === note ? null : <MoveGuardNote message={note} />}
      <Form method="post" action={`${location.pathname}${location.search}`} preventScrollReset noValidate>
        <input type="hidden" name="intent" value={action.id} />
        <p className="ui-lead">
          {assigning
            ? `Choose the reviewers of application ${applicationId} for the ${stage?.toLowerCase() ?? 'current'} stage. Reviews already started stay assigned.`
            : action.id === 'mark-review-in-progress'
              ? `Start your review of application ${applicationId}?`
              : action.target
                ? `Move application ${applicationId} from ${status} to ${action.target}?`
                : `Change the status of application ${applicationId} (now ${status}).`}
        </p>

        <MoveFields actionId={action.id} needs={action.needs} choices={choices} values={values} errors={errors} />

        <DialogActions closeTo={closeTo} submit={confirmLabel(action.id)} danger={action.id === 'mark-as-rejected'} disabled={busy} />
      </Form>
    </UrlDialog>
  );
}
