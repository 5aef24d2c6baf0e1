// The programmes' unlock windows on /state/unlock-requests (docs/decisions/034, 039): "Unlock window: open until
// <due date>" or "closed on <date>", with Close window / Reopen window. Each asks first in a URL-state alertdialog
// (?window=programId, decision 004) whose form posts the status asked for; a stale page's toggle is refused by the API
// (409) and the reason shown in the dialog. Plain links and a POST form: all of it works without JavaScript.
import { Link } from '@remix-run/react';
import { Form } from '../form';
import { ConfirmActions, UrlDialog } from '../url-dialog';
import { FormAlert } from '../forms';
import { withParams } from '../../utils/url-state';
import { formatListDate } from '../../../domain/dates';
import { WINDOW_MSG } from '../../../domain/unlock-requests';
import type { UnlockWindow } from '../../api/unlock-requests.server';

/** The query parameter of the open confirmation, and the form's intent. */
export const WINDOW_PARAM = 'window';
export const WINDOW_INTENT = 'unlock-window';

export interface WindowFailure {
  intent: typeof WINDOW_INTENT;
  programId: string;
  error: string;
}

/** The window in words: open until the due date, closed by the office on a day, or closed with its due date. */
export function windowText(w: UnlockWindow): string {
  if (w.open) return w.dueDate ? `Unlock window: open until ${formatListDate(w.dueDate)}` : 'Unlock window: open';
  if (w.closedAt) return `Unlock window: closed on ${formatListDate(w.closedAt)}`;
  return `Unlock window: closed on ${formatListDate(w.dueDate)} (the due date)`;
}

/** Past its due date a window neither closes nor reopens here: no button. */
export const pastDue = (w: UnlockWindow) => !!w.dueDate && !w.closedAt && !w.open;

export function UnlockWindowPanel({ windows, search }: { windows: UnlockWindow[]; search: string }) {
  const many = windows.length > 1;
  return (
    <section aria-labelledby="unlock-window-title" className="ui-window" data-testid="unlock-window">
      <h2 id="unlock-window-title" className="ui-h2-md">Unlock window</h2>
      <ul>
        {windows.map((w) => (
          <li key={w.programId} data-program={w.programId}>
            <p>
              {many ? <strong>{w.programName}: </strong> : null}
              <span data-testid="unlock-window-state">{windowText(w)}</span>
            </p>
            {pastDue(w) ? null : (
              <Link to={`${withParams(search, { [WINDOW_PARAM]: w.programId, unlock: null })}#unlock-window-confirm`} preventScrollReset className="ui-btn-outline-sm">
                {w.open ? 'Close window' : 'Reopen window'}
                {many ? <span className="visually-hidden"> of {w.programName}</span> : null}
              </Link>
            )}
          </li>
        ))}
      </ul>
      {!many && windows[0] ? <p className="ui-panel-intro">Programme: {windows[0].programName}. While the window is closed, organizations cannot request to unlock a section; you can still unlock one yourself.</p> : null}
    </section>
  );
}

export function UnlockWindowConfirm({ window: w, search, failed }: { window: UnlockWindow; search: string; failed: WindowFailure | null }) {
  const close = withParams(search, { [WINDOW_PARAM]: null });
  const closing = w.open;
  return (
    <UrlDialog id="unlock-window-confirm" title={closing ? 'Close unlock window' : 'Reopen unlock window'} closeTo={close} role="alertdialog">
      <FormAlert id="unlock-window-error" message={failed?.error ?? null} />
      <p>{closing ? WINDOW_MSG.confirmClose : WINDOW_MSG.confirmReopen}</p>
      <p>
        {w.programName}: {closing ? WINDOW_MSG.confirmCloseDetail : WINDOW_MSG.confirmReopenDetail}
      </p>
      <Form method="post" action={`${withParams(search, { [WINDOW_PARAM]: w.programId })}#unlock-window-confirm`} preventScrollReset>
        <input type="hidden" name="intent" value={WINDOW_INTENT} />
        <input type="hidden" name="programId" value={w.programId} />
        <input type="hidden" name="status" value={closing ? 'closed' : 'open'} />
        <ConfirmActions closeTo={close} yes={closing ? 'Yes, close the window' : 'Yes, reopen the window'} danger={closing} />
      </Form>
    </UrlDialog>
  );
}
