// Spec 4 "Locks and unlocks" on the form (docs/decisions/034): a locked section's lock is a link for the
// Organization_Admin while the window is open (?unlock=confirm, then ?unlock=message: URL-state dialogs that work
// without JavaScript, decision 004); the Unlock Request dialog posts intent=unlock-request; a section the State Admin
// unlocked is resubmitted (locked again) by intent=relock.
import { useState } from 'react';
import { Link, useLocation, useNavigation } from '@remix-run/react';
import { Form } from '../../components/form';
import { Icon } from '../../components/icons';
import { TextArea } from '../../components/text-input';
import { DialogActions, UrlDialog } from '../../components/url-dialog';
import { ErrorList } from '../../components/forms';
import { withParams } from '../../utils/url-state';
import { useHydrated } from '../../utils/use-hydrated';
import { MESSAGE_MAX, UNLOCK_MSG } from '../../../domain/unlock-requests';
import { LockState } from './revision-notice';

/** The lock of the section shown: a link to ask for an unlock when the caller may ask now, else spec 4's display. */
export function SectionLock({ unlocked, askable, sectionName }: { unlocked: boolean; askable: boolean; sectionName: string }) {
  const location = useLocation();
  if (unlocked || !askable) return <LockState unlocked={unlocked} />;
  return (
    <Link
      to={`${withParams(location.search, { unlock: 'confirm' })}#unlock-confirm`}
      preventScrollReset
      className="ui-lock ui-link"
      data-lock="locked"
      data-testid="lock-state"
    >
      <Icon name="lock" size={16} /> Locked<span className="visually-hidden">: send an unlock request for {sectionName}</span>
    </Link>
  );
}

export function UnlockConfirm() {
  const location = useLocation();
  const close = withParams(location.search, { unlock: null });
  return (
    <UrlDialog id="unlock-confirm" title="Send Unlock Request" closeTo={close} role="alertdialog">
      <p>{UNLOCK_MSG.confirm}</p>
      <div className="ui-dialog-actions">
        <Link to={close} preventScrollReset className="ui-btn-outline">
          No
        </Link>
        <Link to={`${withParams(location.search, { unlock: 'message' })}#unlock-request`} preventScrollReset data-autofocus className="ui-btn">
          Yes
        </Link>
      </div>
    </UrlDialog>
  );
}

export function UnlockRequestDialog({ sectionName, failed }: { sectionName: string; failed: { message: string; error: string } | null }) {
  const location = useLocation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [message, setMessage] = useState(failed?.message ?? '');
  const close = withParams(location.search, { unlock: null });
  const error = failed?.error ?? null;
  return (
    <UrlDialog id="unlock-request" title={UNLOCK_MSG.dialogTitle} closeTo={close}>
      <Form method="post" action={`${withParams(location.search, { unlock: 'message' })}#unlock-request`} preventScrollReset>
        <input type="hidden" name="intent" value="unlock-request" />
        <label htmlFor="unlock-message" className="ui-label">
          Message to the State Admin about {sectionName}
        </label>
        <TextArea
          id="unlock-message"
          name="message"
          rows={4}
          required
          maxLength={MESSAGE_MAX}
          placeholder={UNLOCK_MSG.placeholder}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'unlock-message-error' : undefined}
          data-autofocus
        />
        <ErrorList id="unlock-message-error" errors={error ? [error] : null} />
        <DialogActions closeTo={close} submit="Ok" disabled={hydrated && (!message.trim() || navigation.state === 'submitting')} />
      </Form>
    </UrlDialog>
  );
}

/** An unlocked section (not a revision's): the organization resubmits it when done, which locks it again. */
export function RelockBox({ action }: { action: string }) {
  return (
    <Form method="post" action={action} className="ui-submit-box" data-testid="relock">
      <h2 className="ui-h2-md">Resubmit this section</h2>
      <p>The State Admin unlocked this section. Save your changes, then resubmit it: it is locked again and the history keeps what changed.</p>
      <button type="submit" name="intent" value="relock" className="ui-btn">
        Resubmit section
      </button>
    </Form>
  );
}
