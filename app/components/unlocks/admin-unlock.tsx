// The State Admin's Admin Unlock dialog (spec 4 "A state admin can also unlock a section directly", spec 7 POST
// unlock-requests/admin-unlock; docs/decisions/034, 039): one dialog for both places it opens. On /state/unlock-requests
// (?unlock=new) the admin names the application and chooses the section; on the review screen (?unlock=section) both
// are the ones shown, carried as hidden fields. A URL-state dialog (decision 004) posting a plain form; a refusal comes
// back here with what was typed (adminUnlockAction, ./admin-unlock.server.ts). The same dialog, `request`, is the
// reviewer-side request of the review screen (?unlock=request): a reviewer or stage admin asks the State Admin to
// unlock the section shown (POST unlock-requests/review-request, reviewRequestAction; decision 034).
import { useState } from 'react';
import { Form } from '../form';
import { DialogActions, UrlDialog } from '../url-dialog';
import { ErrorList, FormAlert } from '../forms';
import { TextArea } from '../text-input';
import { MESSAGE_MAX, UNLOCK_MSG } from '../../../domain/unlock-requests';

/** The query parameter that opens the dialog (`new` on /state/unlock-requests, `section` on the review screen). */
export const ADMIN_UNLOCK_PARAM = 'unlock';

/** The form's intent, read by adminUnlockAction. */
export const ADMIN_UNLOCK_INTENT = 'admin-unlock';
/** The reviewer-side request's intent, read by reviewRequestAction. */
export const REVIEW_REQUEST_INTENT = 'review-unlock-request';

export interface AdminUnlockFailure {
  intent: typeof ADMIN_UNLOCK_INTENT | typeof REVIEW_REQUEST_INTENT;
  values: Record<string, string>;
  errors: Record<string, string>;
  error: string | null;
}

export function AdminUnlockDialog({ closeTo, action, sections, fixed, failed, request = false }: {
  /** The same URL without the dialog. */
  closeTo: string;
  /** Where the form posts: the same URL with the dialog open, so a refusal re-renders it. */
  action: string;
  /** The sections to choose from (not the entity information), unless `fixed`. */
  sections: { id: string; name: string }[];
  /** The application and section shown on the review screen: not chosen, only confirmed. */
  fixed?: { applicationId: string; sectionId: string; sectionName: string };
  failed: AdminUnlockFailure | null;
  /** A reviewer or stage admin asks the State Admin (with `fixed`), rather than the State Admin unlocking. */
  request?: boolean;
}) {
  const [values] = useState(failed?.values ?? { applicationId: '', sectionId: '', message: '' });
  const errors = failed?.errors ?? {};
  const id = request ? 'review-unlock-request' : 'admin-unlock';
  const field = (name: string) => (errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${name}-error` } : {});
  // A fixed application or section has no field of its own: its error is the form's.
  const formError = failed?.error ?? (fixed ? (errors.applicationId ?? errors.sectionId ?? null) : null);
  return (
    <UrlDialog id={id} title={request ? UNLOCK_MSG.dialogTitle : 'Admin Unlock'} closeTo={closeTo}>
      <Form method="post" action={`${action}#${id}`} preventScrollReset>
        <input type="hidden" name="intent" value={request ? REVIEW_REQUEST_INTENT : ADMIN_UNLOCK_INTENT} />
        <FormAlert id={`${id}-error`} message={formError} />
        {fixed ? (
          <>
            <input type="hidden" name="applicationId" value={fixed.applicationId} />
            <input type="hidden" name="sectionId" value={fixed.sectionId} />
            <p>
              {request
                ? `Ask the State Admin to unlock the section ${fixed.sectionName} of application ${fixed.applicationId} for its organization. The State Admins are emailed; the organization can change the section once the request is approved.`
                : `Unlock the section ${fixed.sectionName} of application ${fixed.applicationId} for its organization. Its admins are emailed.`}
            </p>
          </>
        ) : (
          <>
            <p>Unlock one section of a submitted application for its organization. Its admins are emailed.</p>
            <label htmlFor="admin-unlock-applicationId" className="ui-label">Application ID</label>
            <input id="admin-unlock-applicationId" name="applicationId" type="text" required maxLength={20} defaultValue={values.applicationId} placeholder="GA-XXXXXX" className="ui-input" data-autofocus {...field('applicationId')} />
            <ErrorList id="admin-unlock-applicationId-error" errors={errors.applicationId ? [errors.applicationId] : null} />
            <label htmlFor="admin-unlock-sectionId" className="ui-label">Section</label>
            <select id="admin-unlock-sectionId" name="sectionId" required defaultValue={values.sectionId} className="ui-select" {...field('sectionId')}>
              <option value="">Select a section</option>
              {sections.map((s) => (
                <option key={s.id} value={s.id}>{s.name}</option>
              ))}
            </select>
            <ErrorList id="admin-unlock-sectionId-error" errors={errors.sectionId ? [errors.sectionId] : null} />
          </>
        )}
        <label htmlFor={`${id}-message`} className="ui-label">{request ? 'Message to the State Admin' : 'Message to the organization'}</label>
        <TextArea
          id={`${id}-message`} name="message" rows={4} required maxLength={MESSAGE_MAX} defaultValue={values.message} placeholder={UNLOCK_MSG.placeholder}
          {...(fixed ? { 'data-autofocus': true } : {})} {...field('message')}
        />
        <ErrorList id={`${id}-message-error`} errors={errors.message ? [errors.message] : null} />
        <DialogActions closeTo={closeTo} submit={request ? 'Send request' : 'Unlock'} />
      </Form>
    </UrlDialog>
  );
}
