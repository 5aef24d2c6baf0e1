// The row actions' dialogs (decision 004): cancel asks, then takes a required reason; delete asks. Plain elements
// with build-time classes (ui-btn*, ui-dialog-*: no Chakra component on the list page).
import { useState } from 'react';
import { Link, useActionData, useLocation, useNavigation } from '@remix-run/react';
import { Form } from '../../components/form';
import { TextArea } from '../../components/text-input';
import { UrlDialog } from '../../components/url-dialog';
import { ErrorList, FormAlert } from '../../components/forms';
import { closeDialogs, withParams } from '../../utils/url-state';
import { useHydrated } from '../../utils/use-hydrated';
import { SCRIPT_FIELD } from './script-field';
import type { action } from './actions.server';

function NoButton({ label }: { label: string }) {
  const location = useLocation();
  return (
    <Link to={closeDialogs(location.search)} preventScrollReset className="ui-btn-outline">
      {label}
    </Link>
  );
}

export function CancelConfirm({ id }: { id: string }) {
  const location = useLocation();
  return (
    <UrlDialog id="cancel-confirm" title="Cancel application" closeTo={closeDialogs(location.search)} role="alertdialog">
      <p>Are you sure you want to cancel application {id}? A cancelled application cannot be submitted.</p>
      <div className="ui-dialog-actions">
        <NoButton label="No" />
        <Link to={`${withParams(location.search, { step: 'reason' })}#cancel-reason`} preventScrollReset data-autofocus className="ui-btn">
          Yes
        </Link>
      </div>
    </UrlDialog>
  );
}

export function CancelReason({ id }: { id: string }) {
  const location = useLocation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const failed = actionData?.intent === 'cancel' ? actionData : null;
  const [message, setMessage] = useState(failed?.message ?? '');
  const hydrated = useHydrated();
  const error = failed?.error ?? null;
  return (
    <UrlDialog id="cancel-reason" title="Reason for cancelling" closeTo={closeDialogs(location.search)}>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="applicationId" value={id} />
        <label htmlFor="cancel-message" className="ui-label">
          Reason for cancelling {id}
        </label>
        <TextArea
          id="cancel-message"
          name="message"
          rows={4}
          required
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'cancel-message-error' : undefined}
          data-autofocus
        />
        <ErrorList id="cancel-message-error" errors={error ? [error] : null} />
        <div className="ui-dialog-actions">
          <NoButton label="Cancel" />
          <button type="submit" className="ui-btn" disabled={hydrated && (!message.trim() || navigation.state === 'submitting')}>
            Ok
          </button>
        </div>
      </Form>
    </UrlDialog>
  );
}

/**
 * Delete asks first. When the API refuses (the application is no longer a draft, or it changed meanwhile), the
 * person reads why: with JavaScript as an error toast on the list; without it here, in the dialog the page renders
 * first (issue 9 item 5; the action tells the two apart by SCRIPT_FIELD).
 */
export function DeleteConfirm({ id }: { id: string }) {
  const location = useLocation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const failed = actionData?.intent === 'delete' && actionData.applicationId === id ? actionData.error : null;
  return (
    <UrlDialog id="delete-confirm" title="Delete application" closeTo={closeDialogs(location.search)} role="alertdialog">
      <FormAlert id="delete-error" message={failed} />
      <p>Are you sure you want to delete the draft application {id}? This cannot be undone; its history is kept.</p>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="applicationId" value={id} />
        {hydrated ? <input type="hidden" name={SCRIPT_FIELD} value="1" /> : null}
        <div className="ui-dialog-actions">
          <NoButton label="Cancel" />
          <button type="submit" className="ui-btn-danger" data-autofocus disabled={hydrated && navigation.state === 'submitting'}>
            Delete
          </button>
        </div>
      </Form>
    </UrlDialog>
  );
}
